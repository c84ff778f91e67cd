// The reports remote is used through the shell, which loads its exposed `./screens` (and, for the
// dashboard's quick action, `./generate-report-dialog`); this entry only keeps the asynchronous
// boundary Module Federation needs before shared modules are used.
export {};
