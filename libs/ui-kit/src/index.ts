import './theme.css';

export * from './Button';
export * from './dates';
export * from './money';
export * from './phone';
export * from './display';
export * from './fields';
export * from './Meter';
export * from './Modal';
export * from './Pager';
export * from './pager-window';
export * from './Spinner';
export * from './Toast';
