// The kit's heavier widgets: the data table (TanStack Table with a virtualised body) and the
// combobox (React Aria). They live apart from `@caliber/ui-kit` because the kit is loaded by the
// sign-in page, which must stay small; a remote that uses one of these bundles it, and the sign-in
// page never downloads it. They draw with the kit's tokens and classes, so light and dark follow.
export * from './DataTable';
export * from './Combobox';
export * from './documents/DocumentsPanel';
export * from './documents/PhotoPicker';
export * from './documents/document-queries';
export * from './cover/DeviceCoverNotice';
