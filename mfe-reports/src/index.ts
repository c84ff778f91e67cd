// The reports remote is used through the shell, which loads its exposed `./screens`; this entry only
// keeps the asynchronous boundary Module Federation needs before shared modules are used.
export {};
