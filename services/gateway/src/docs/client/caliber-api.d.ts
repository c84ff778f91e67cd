// Generated from the gateway's OpenAPI document by services/gateway/src/docs/write-client.ts
// (openapi-typescript). Do not edit: change the operation's declaration or contract, then run
// `npx tsx services/gateway/src/docs/write-client.ts`.
export interface paths {
  '/api/auth/request-otp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a one-time code to the phone on the roster */
    post: operations['requestOtp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/verify-otp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Exchange the code for a session token */
    post: operations['verifyOtp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user, with saved notification settings and report defaults */
    get: operations['getCurrentUser'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End this session on the server: its token stops working everywhere at once */
    post: operations['logout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change your own name and e-mail
     * @description A new e-mail address does not replace yours at once: a confirmation link is mailed to it, it is answered as `user.pendingEmail`, and `user.email` stays in force until the link is opened (`POST /api/auth/confirm-email`). Sending the pending address again changes nothing; your address in force cancels the pending change; `""` clears both. A new address is refused past your limit of confirmation mails (one a minute, five a day), and nothing is saved. See docs/using/email-addresses.md.
     */
    put: operations['updateOwnProfile'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me/email/confirmation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail a new confirmation link for your pending e-mail address, or for your own unconfirmed one
     * @description Only the newest link works. An address set by someone else (the staff screens, a roster import) or kept from before is not confirmed: this mails it a link. Answers `{user}`.
     */
    post: operations['sendEmailConfirmation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me/email/pending': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Cancel your pending e-mail change: its link stops working, your address in force stays */
    delete: operations['cancelEmailChange'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/confirm-email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm an e-mail address with its link's token, signed in or not
     * @description The web app's `/confirm-email?token=…` page sends it when the person chooses Confirm. The address becomes the person's address in force, confirmed: reports may be mailed to it. Answers `{email, message}`.
     */
    post: operations['confirmEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/settings/notifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Save notification settings */
    put: operations['updateNotificationSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/settings/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Save report defaults */
    put: operations['updateReportDefaults'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/settings/appearance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Save the theme to your account, so it follows you to other devices
     * @description `theme` is `light`, `dark`, or `null` to follow each device's system setting.
     */
    put: operations['updateAppearance'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sso': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The hospital's identity providers the sign-in page offers */
    get: operations['listSignInProviders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sso/{provider}/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Begin a sign-in at an identity provider
     * @description Sets a short-lived HttpOnly cookie that binds the sign-in to this browser, and answers the provider's sign-in address (authorization code flow with PKCE, state and nonce) for the browser to open. The sign-in must be finished within 10 minutes, in this browser.
     */
    post: operations['startSingleSignOn'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sso/finish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Hand on the provider's answer and get a session token
     * @description `query` is the query string the provider sent the browser back with (to `/login/sso`): `code`, `state` and `iss`, or `error`. Every check of the answer is identity's (state, browser, issuer, audience, signature, expiry, nonce, PKCE); then the person must be on the roster, active, and in a group that gives a role. A refusal's `message` says which in words.
     */
    post: operations['finishSingleSignOn'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sign-in-policy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Which roles must sign in with their hospital account */
    get: operations['getSignInPolicy'];
    /**
     * Require single sign-on of chosen roles (the code by SMS is then refused to them)
     * @description Technicians, Engineers and Managers may be chosen; Admins keep the code, the way in when the identity provider fails. Sessions begun with a code by people of a newly chosen role end at once (`sign-in-policy`). Audited.
     */
    put: operations['updateSignInPolicy'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The staff roster (Engineers, Admins and Managers)
     * @description `q` searches name, service number, e-mail and phone; `role`, `department`, `active` (true or false) filter; 12 a page by default. Answers `{users, data, total, page, pages, limit}` (`data` repeats `users`).
     */
    get: operations['listUsers'];
    put?: never;
    /**
     * Add a person to the roster (Engineers and Admins)
     * @description Service number and phone are required: sign-in is by a code sent to that phone. The phone is stored in E.164 (a number without its country code is read as `PHONE_DEFAULT_COUNTRY`). Service numbers and e-mail addresses are unique whatever their case. Only an Admin adds an Admin.
     */
    post: operations['createUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The roster as an XLSX file (Engineers, Admins and Managers)
     * @description Every person, in the columns an import reads (Service Number, Full Name, Email, Phone, Role, Department, Active, May Receive Tasks), so an export is also a template. `roster-YYYY-MM-DD.xlsx`. The identity service writes it in its own file workers; the gateway streams it.
     */
    get: operations['exportUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/import/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * What importing a roster file would do, row by row (Engineers and Admins)
     * @description The body is the file (XLSX or CSV, at most 2 MB and 2,500 people, on rows 2 to 2,501; the first row names the columns), its name in the query. The identity service reads it in its own file workers and checks each row as Add User checks a person, against the rest of the file and against the roster: add, change (an existing service number), unchanged, or refused with every reason (missing service number, bad phone, unknown department, duplicate within the file, an e-mail of someone else, a roster rule). Nothing is written.
     */
    post: operations['previewRosterImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Import a roster file (Engineers and Admins)
     * @description The same file again (the body, its name in the query): its rows are checked again and every valid row written in one transaction, each audited (`imported`, with its line); refused rows are left out. Answers the rows, the summary and `applied {added, changed}`.
     */
    post: operations['importRoster'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One person on the roster (Engineers, Admins and Managers)
     * @description The person as every call answers them.
     */
    get: operations['getUser'];
    /**
     * Change a person on the roster (Engineers and Admins)
     * @description Nobody changes their own role or deactivates themselves; only an Admin grants or removes the Admin role or changes an Admin; the last active Admin is never demoted or deactivated. Deactivating someone or changing their role ends their sessions at once. Send `version` to refuse overwriting a newer change.
     */
    put: operations['updateUser'];
    post?: never;
    /**
     * Remove a person from the roster for good (Engineers and Admins)
     * @description They leave the roster and sign-in, and their sessions end at once; their name stays on the work they did (tasks, certifications, audit records). Nobody deletes themselves; only an Admin deletes an Admin; the last active Admin stays.
     */
    delete: operations['deleteUser'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/preapproved/technicians': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who may receive tasks, for the assignee selects
     * @description `approved=true` (default): active people approved to receive tasks; `approved=any`: every active person (the technician filter). By name, at most `limit` (200). Answers `{technicians}`.
     */
    get: operations['listAssignees'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The Create Task form's Assign To list
     * @description The people approved to receive tasks, as `{users}`.
     */
    get: operations['listTaskUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One page of the inventory
     * @description Search matches name, serial number, model, manufacturer and location. `riskClass` is High, Medium, Low, or `unassessed` for items without an assessment; `pmProgram=unplanned` keeps the items in the PM program (EM number at the threshold or above) without an active PM plan. `filters` lists the departments, statuses and categories present.
     */
    get: operations['listEquipment'];
    put?: never;
    /**
     * Add equipment
     * @description Any signed-in user; Decommissioned and Auctioned are for Engineers and Admins.
     */
    post: operations['createEquipment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One item with its status history (newest first)
     * @description With the newest 20 status changes (`statusHistory`) and their count (`statusHistoryTotal`); older ones come from `/history`.
     */
    get: operations['getEquipment'];
    /**
     * Change fields of an item
     * @description Send only what changes; send `version` to refuse overwriting a newer change (409).
     */
    put: operations['updateEquipment'];
    post?: never;
    /**
     * Remove an item from the inventory (Engineers and Admins)
     * @description The item leaves the list; its status history and audit record are kept.
     */
    delete: operations['deleteEquipment'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One page of an item's status history, newest first */
    get: operations['getEquipmentStatusHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change the status, with an optional reason
     * @description Send the `version` you read to refuse overwriting a newer change (409). Returning an item to Serviceable, and setting or leaving Decommissioned or Auctioned, are for Engineers and Admins.
     */
    put: operations['changeEquipmentStatus'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/acquisition': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What an item cost and how long it is meant to serve (Engineers, Managers and Admins)
     * @description Its acquisition cost (in the hospital `currency`), purchase date, supplier and expected service life in years, with `endOfLife` (purchase date plus life: when to plan its replacement). Costs, so kept apart from the item that everyone reads. An item with none recorded answers every figure null and `version` 0.
     */
    get: operations['getEquipmentAcquisition'];
    /**
     * Record what an item cost and how long it is meant to serve (Engineers and Admins)
     * @description Each of the four figures is replaced (null or left out clears it). The cost has at most two decimals; the purchase date is not in the future (the hospital’s date); the supplier is a vendor of the vendor list named in any case (answered as the list writes it, with its `supplierId`), active unless it is the device’s supplier already; the life is 1 to 50 whole years. Send the `version` you read (0 when none was recorded) to refuse overwriting a newer change (409). Audited with the old and new values.
     */
    put: operations['setEquipmentAcquisition'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/risk': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Save an item's Fennigkoh–Smith risk assessment (Engineers and Admins)
     * @description The four scores, each from its published scale; the EM number (`total`), `riskClass`, `highRisk`, `lifeSupport` and `inPmProgram` follow from them with the configured PM program threshold. Send the `version` you read to refuse overwriting a newer change (409). Audited with the old and new values.
     */
    put: operations['assessEquipmentRisk'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/import/template': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The inventory import template, as XLSX or CSV
     * @description Anyone signed in may fill one in (only Engineers and Admins may import it). The columns an import reads (Name, Manufacturer, Model, Serial Number, UDI (optional), Department, Location, Installation Date, Warranty Expiry (optional), Status, Category), and for Engineers and Admins, who may set them, the acquisition figures after them (Acquisition Cost, Purchase Date, Supplier, Expected Life (Years), each optional). CSV: the header row alone. XLSX: each header with a note of what its column accepts and the other header names read for it; drop-downs of the statuses and the hospital's active departments and categories on rows 2 to 20,001; a second sheet, How to fill, with every column, the date forms, the UDI rule, the statuses and the lists. `inventory-template.xlsx|csv`.
     */
    get: operations['getInventoryImportTemplate'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/inventory-imports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Read an inventory file and preview what importing it would do (Engineers and Admins)
     * @description The body is the file itself (XLSX or CSV, at most 8 MB and 20,000 devices, on rows 2 to 20,001), streamed into the file store; its name (`fileName`) and `dateOrder` are in the query. The equipment service reads it in its own file workers: the first row names the columns, by their template names or the other names accepted (case, spaces and punctuation aside); columns it does not read are listed in `columnsIgnored`; a missing required column or a column named twice refuses the file. CSV may be UTF-8, UTF-16 or Windows-1252, separated by commas, semicolons or tabs. Its rows are staged with the equipment service, which checks each as Add Equipment checks a device and matches it by serial number: add, update (with the fields that change), unchanged, or refused with every reason and its cell. The acquisition figures (Acquisition Cost, Purchase Date, Supplier, Expected Life (Years)) are checked as the acquisition card checks them; a column the file lacks keeps the figure of each device, an empty cell clears it. `dateOrder` (auto, DMY, MDY) says how 04/03/2021 reads. Nothing is written to the inventory; the import is kept 24 hours for its apply. Answers the import: its counts, the date order used, the columns read and ignored.
     */
    post: operations['stageInventoryImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/inventory-imports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of your staged imports: its counts, and after apply what was written */
    get: operations['getInventoryImport'];
    put?: never;
    post?: never;
    /** Discard a staged import without writing it */
    delete: operations['discardInventoryImport'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/inventory-imports/{id}/rows': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One page of a staged import's rows, in file order, optionally of one action */
    get: operations['listInventoryImportRows'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/inventory-imports/{id}/apply': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Apply a staged import: write every row that is still valid (Engineers and Admins)
     * @description Every row is checked again against the inventory as it is now, in one transaction; valid rows are added or updated, each audited, and one `equipment:imported` event tells the screens. Refused rows are left out and counted. Answers the import with `applied {added, updated}`.
     */
    post: operations['applyInventoryImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The inventory as filtered, as XLSX or CSV, every field
     * @description The list's filters (`q`, `department`, `status`, `category`, `riskClass`, `pmProgram`), at most 50,000 devices, in name order. The import's columns come first under its headers (so an exported file imports again), the acquisition figures among them (Acquisition Cost, Purchase Date, Supplier, Expected Life (Years), after Category) only for those who read costs (Engineers, Managers and Admins), then GTIN, lot, UDI dates, the risk assessment, the device's id and who added and changed it. XLSX: text cells as text (never a formula), dates as dates, date-times on the hospital's clock (`HOSPITAL_TIME_ZONE`), a frozen header row with an autofilter. CSV: UTF-8 with a byte-order mark, a text that a spreadsheet would run as a formula (= + - @ first) written with a quote in front, an amount a plain decimal (48500.00). `inventory-YYYY-MM-DD.xlsx|csv`.
     */
    get: operations['exportInventory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/labels': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A PDF of QR asset tags for the devices chosen or the inventory as filtered
     * @description `{layout, ids}` (the devices chosen) or `{layout, filters}` (the list's filters), and `skip`: labels already used on the first sheet. At most 5,000 labels, in name order, each with the device's name, serial number, department and a QR code of its address (`PUBLIC_URL` or the address asked, then `/equipment/{id}`). Layouts: `a4-21` (Avery L7160), `a4-24` (L7159), `a4-14` (L7163), `letter-30` (Avery 5160), `letter-10` (5163), `roll-62x29` (Brother DK-11209) and `roll-2x1` (Zebra), one label a page on a roll. Made by the equipment service in its file workers. `asset-labels-YYYY-MM-DD.pdf`.
     */
    post: operations['printAssetLabels'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/lists': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The hospital's departments (with their wards) and equipment categories
     * @description Every entry, retired ones too (`retired`), with the names it had (`formerNames`): forms offer the active entries, filters and records show every one. Answers `{departments: [{…, wards}], categories}`.
     */
    get: operations['getHospitalLists'];
    put?: never;
    /**
     * Add a department, a ward of a department, or a category (Admins)
     * @description A name belongs to one entry of its list for good, whatever its case: one that another entry has or had is refused (409). Each list is bounded (300 departments, 1,000 wards, 150 categories).
     */
    post: operations['addListEntry'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/lists/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Rename, retire or restore an entry (Admins)
     * @description Send the `version` you read. A rename keeps the old name as a former name (it still finds the entry) and rewrites every device, member of staff and task that carries it, each with an audit row. A retired entry is no longer offered for new records and stays on those that carry it.
     */
    put: operations['updateListEntry'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recalls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Recalls and field safety notices, open ones first
     * @description Each with its affected devices and how many of their actions are closed. `state` is `open`, `closed` or empty for both. Answers `{recalls, total, page, pages, limit, open, openActions}`.
     */
    get: operations['listRecalls'];
    put?: never;
    /**
     * Record a recall or field safety notice (Engineers and Admins)
     * @description The notice is matched against the inventory as it is saved: each device it finds gets an open action. Manufacturer and models match without regard to case, spaces or punctuation; serial numbers match the list or a range (same letters before the number, numbers compared as numbers); lots match the device’s lot. At most 5,000 serial numbers, 500 ranges and 1,000 lots. A source’s reference is recorded once (case and spaces not counting): a second save, a retry after a lost answer included, is 409 with `existingId`, the notice on record. The answer carries the notice and its counts (`affected`, `closed`); its devices are read with `GET /api/recalls/{id}/actions`.
     */
    post: operations['createRecall'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recalls/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The devices a notice would find, before it is saved (Engineers and Admins)
     * @description Nothing is written. Answers `{total, devices}` (the first 50 in name order) and `warning` when the notice lists neither serial numbers nor lots, so it applies to every device of its models.
     */
    post: operations['previewRecall'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recalls/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One recall and its counts
     * @description The notice as recorded, `affected` (devices it found) and `closed` (their actions closed), and `duplicateOf` when it repeats a notice recorded first. Its devices: `GET /api/recalls/{id}/actions`.
     */
    get: operations['getRecall'];
    /**
     * Edit a recall (Engineers and Admins)
     * @description The whole notice with the `version` you read. It is matched again: devices the new criteria find are added; devices found before keep their actions.
     */
    put: operations['updateRecall'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recalls/{id}/actions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A page of the devices a recall found, each with its action
     * @description Open actions first, then by device name. Answers `{actions, total, page, pages, limit}` (`limit` 25 by default, at most 100).
     */
    get: operations['getRecallActions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recall-actions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Close one affected device's action (Engineers and Admins)
     * @description `{closeWith: "task", taskId}`: a completed task on that device; or `{closeWith: "decision", decision}`: at least 20 characters saying what was decided and why. The recall closes with its last open action.
     */
    put: operations['closeRecallAction'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recalls/{id}/close': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Close a recall that has no open action, with a decision (Engineers and Admins)
     * @description For a notice that found no device of the inventory: `{decision, version}`, at least 20 characters saying what was checked. A recall with devices closes by itself when the last of them is closed.
     */
    put: operations['closeRecall'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/recalls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The recalls that found a device, each with its action */
    get: operations['getDeviceRecalls'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vendors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A page of the vendors, by name
     * @description `q` finds a vendor by a part of its name or contact; `kind` keeps manufacturers, suppliers or service providers; `status` is `active` (the default: those offered for new records), `retired` or `all`. Answers `{rows, total, page, pages, limit}` (`limit` 50 by default, at most 100).
     */
    get: operations['listVendors'];
    put?: never;
    /**
     * Add a vendor (Engineers, Managers and Admins)
     * @description A name belongs to one vendor whatever its case: one on the list already, retired or not, is refused (409) and should be restored instead. At least one of `manufacturer`, `supplier` and `service` in `kinds`. The list holds at most 5,000 vendors, retired ones included. Audited.
     */
    post: operations['addVendor'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vendors/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One vendor, retired or not
     * @description Its roles, contact, phone, e-mail, website and notes, with the `version` a change sends back.
     */
    get: operations['getVendor'];
    /**
     * Change, retire or restore a vendor (Engineers, Managers and Admins)
     * @description The whole record as the form holds it (a field left out is cleared), with `retired` and the `version` you read: a change made meanwhile is refused (409), not overwritten. A rename keeps the vendor, so every record naming it shows the new name. A retired vendor is no longer offered for new records and stays on those naming it. Audited with the old and new values.
     */
    put: operations['updateVendor'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/service-contracts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A page of the service contracts (Engineers, Managers and Admins)
     * @description `state` is `current` (the default: in force today, the hospital’s date), `renewal-due` (ending within 90 days), `upcoming`, `ended` or `all`; `q` finds a contract by its number or vendor; `vendorId` keeps one vendor’s; `equipmentId` keeps those covering a device. Ending first. Each row has its `renewal` (`due-90`, `due-30`, `ended` or null) and how many devices it names. Answers `{rows, total, page, pages, limit}` (`limit` 50 by default, at most 100).
     */
    get: operations['listServiceContracts'];
    put?: never;
    /**
     * Record a service contract (Engineers, Managers and Admins)
     * @description A vendor of the list, its contract number (one vendor’s once, whatever its case), kind, first and last day (at most 10 years), annual cost, response time in hours and whether planned maintenance is included, with what it covers: `equipmentIds` (at most 2,000), `models` (at most 50, matched without case against each device’s manufacturer and model) and a `departmentId` of the hospital list, at least one of them. Audited.
     */
    post: operations['addServiceContract'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/service-contracts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One service contract with the devices it names (Engineers, Managers and Admins)
     * @description Its terms, cost (in the hospital `currency`), what it covers and the `version` a change sends back.
     */
    get: operations['getServiceContract'];
    /**
     * Change a service contract (Engineers, Managers and Admins)
     * @description The whole contract as the form holds it, with the `version` you read: a change made meanwhile is refused (409), not overwritten. A retired vendor or department, or a device deleted since, may stay where it was named. Audited with the old and new values, devices as added and removed.
     */
    put: operations['updateServiceContract'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/cover': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who covers an item today: its warranty and service contracts
     * @description For anyone who may see the item (clinical staff, an item of their ward), so that whoever finds it failed knows who to call: each cover’s vendor, phone, e-mail, contract number, response time, whether PM is included and its last day, the one ending last first. Never a cost.
     */
    get: operations['getEquipmentCover'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One page of tasks, with counts by status
     * @description Technicians get the tasks assigned to them and the faults they reported (whatever the query says; a reported task assigned to someone else is theirs to read only); `my=1` asks for the tasks assigned to you, `reported=1` for those you reported. Search matches title, device, serial number, assignee and description. Answers `{tasks, total, page, pages, limit, counts}`; `counts` (total, pending, inProgress, completed) applies every filter but the status.
     */
    get: operations['listTasks'];
    put?: never;
    /**
     * Create a task (Engineers and Admins)
     * @description The one create body of the Assign Task modal and the Create Task form: the device is `equipmentId`; `taskType` defaults to Repair. A Preventive task names `pmType` and `pmInterval` and schedules a PM plan (on the manufacturer's schedule) whose first occurrence it is, due on `dueDate` (required), Pending, without comments; `task.plan` names the plan. The assignee must be active and approved to receive tasks. Answers `{task}`.
     */
    post: operations['createTask'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One task with its spare parts, status history and audit trail */
    get: operations['getTask'];
    /**
     * Edit or (re)assign a task (Engineers and Admins)
     * @description Send only what changes; send `version` to refuse overwriting a newer change (409).
     */
    put: operations['updateTask'];
    post?: never;
    /**
     * Remove a task (Engineers and Admins)
     * @description The task leaves the lists; its history and audit record are kept. Certified work is the record the inventory was changed from and is not deleted (409).
     */
    delete: operations['deleteTask'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change the status of a task
     * @description Engineers and Admins change any; a Technician moves their own between Pending, In Progress and Completed. Completing sets `completedDate` and `needsCertification`; reopening clears them. A task is started or completed only when assigned; a certified task is final.
     */
    put: operations['changeTaskStatus'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/work': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Record the work done: fault, repair, spare parts, hours
     * @description The spare parts replace the previous list. A Technician records work on their own uncertified tasks; Engineers and Admins on any uncertified task.
     */
    put: operations['recordTaskWork'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/vendor-charges': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Record what vendors charged for the work (Engineers, Managers and Admins)
     * @description The whole list (at most 20), replacing the previous one, with the `version` of the list you read (`vendorCharges.version` of the task): a change made meanwhile is refused (409), not overwritten. The list has its own version, so recording an invoice never refuses the work record. Each charge names a vendor of the list (`vendorId`), the visit date (not after today), the invoice number, the amount in the hospital currency (two decimals at most) and notes; a vendor new to the task must be active, one already on it may stay once retired, and each keeps the name it was recorded under. Part of the task’s cost with its labour and parts; costs are not for Technicians. Audited with the old and new lists.
     */
    put: operations['recordTaskVendorCharges'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/part-costs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Record what the spare parts cost and who supplied them (Engineers, Managers and Admins)
     * @description One entry per spare part of the task, in the task’s order: its unit cost in the hospital currency (two decimals at most, null when not known) and the vendor it was bought from (`supplierId`, a vendor of the list, or null). Sent with the task’s `version`: parts corrected meanwhile are refused (409) rather than priced against parts you never saw. A supplier new to the task must be active; one already on it may stay once retired, and keeps the name it was recorded under. Prices may be recorded on a certified task, as the invoice comes after the job. A technician saving the work record again keeps each part’s supplier while the part (its name in any case and its description) stays on the list. Audited as `part-costs-recorded`, which only those who read costs see.
     */
    put: operations['recordTaskPartCosts'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/certify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Certify completed work (Engineers and Admins)
     * @description Once, on a Completed task awaiting certification. No body, or `{version}` to refuse certifying work changed since it was read (409). The device returns to Serviceable (unless Decommissioned or Auctioned, or another Repair task on it is still open), with a status-history row naming the task, delivered to the equipment service exactly once even if it is down now.
     */
    put: operations['certifyTask'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/maintenance/report': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report a fault on a device (anyone signed in)
     * @description Creates an unassigned Pending Repair task (priority from the severity: Critical is Urgent) naming the reporter, who is always the signed-in person (`reportedBy` is ignored), and takes a Serviceable device out of use (Unserviceable). Answers `{task}`.
     */
    post: operations['reportIssue'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/open-faults': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A device's open fault reports (whoever may report a fault)
     * @description What Report Issue shows before a second report of the same fault: the Repair tasks on the device that are neither completed, cancelled nor certified, whoever they are assigned to, newest first, each with its reporter, assignee and how many accounts were added to it. `limit` 3 by default, at most 20. A device without open faults (or not in the inventory) has an empty page.
     */
    get: operations['listOpenFaults'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add your account to an open fault report instead of filing a second one
     * @description Whoever may report a fault, whoever the task is assigned to: `description` (required, at most 4000 characters) is kept with the task as another report of its fault, with who added it and when, shown in the task's details and audited (`report-added`). The task's fields and version do not change. The person who added it may then open the task's details as its reporter does. Answers the added report.
     */
    post: operations['addToFaultReport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/maintenance/schedule': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Schedule recurring preventive maintenance: a PM plan (Engineers and Admins)
     * @description Creates the plan and its first occurrence, a Preventive task due on `firstDueDate`. Certifying an occurrence creates the next one, due where the schedule puts it (counted from the first due date). An alternative maintenance schedule needs its `justification`. Answers `{plan, task}`.
     */
    post: operations['schedulePreventiveMaintenance'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/maintenance/compliance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * PM compliance for a period (anyone signed in)
     * @description For the PM occurrences due from `from` to `to` (default: this month), optionally of one department or category: due, completed on time (on or before the due date), late, missed (not done and past due, or cancelled), pending (not yet due), and the rate on time / (due − pending); overall, for high-risk and for life-support devices. Also how many occurrences are overdue now, whatever their due date (`overdue.total`; a Technician: of their own work), and how many devices in the PM program have no active plan (`unplanned.total`); the lists themselves are `GET /api/maintenance/compliance/overdue` and `/unplanned`.
     */
    get: operations['getPmCompliance'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/maintenance/compliance/overdue': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A page of the overdue PM occurrences (anyone signed in; a Technician: their own)
     * @description Every occurrence of a PM plan whose due date has passed and that is neither completed nor cancelled, whatever its due date, earliest due first; optionally of one `department` or `category`. A Technician gets only the occurrences assigned to them. Answers `{items, total, page, pages, limit, today}` (`limit` 25 by default, at most 100; `today` is the day the days overdue are counted to).
     */
    get: operations['listOverduePm'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/maintenance/compliance/unplanned': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A page of the devices in the PM program without an active plan (anyone signed in)
     * @description Devices whose risk assessment puts them in the PM program, in use (not retired or removed), that no active plan covers; life support first, then high risk, then by name; optionally of one `department` or `category`. Answers `{items, total, page, pages, limit}` (`limit` 25 by default, at most 100).
     */
    get: operations['listUnplannedPmDevices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/maintenance/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * PM plans, newest first (anyone signed in)
     * @description `state` active (default), retired or all; `equipment` for one device. Answers `{plans, total, page, pages, limit}`.
     */
    get: operations['listPmPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/maintenance/plans/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One PM plan with its schedule (anyone signed in)
     * @description The plan, with the next occurrence to be created and its due date.
     */
    get: operations['getPmPlan'];
    /**
     * Change a PM plan (Engineers and Admins)
     * @description Changes apply to occurrences created from now on; occurrences already created, finished or not, keep what they have. A new `interval` or `nextDueDate` re-anchors the schedule at the next occurrence not created yet. Send `version` to refuse overwriting a newer change (409).
     */
    put: operations['updatePmPlan'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/maintenance/plans/{id}/retire': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Retire a PM plan (Engineers and Admins)
     * @description No more occurrences are created. Occurrences not started and not yet due are withdrawn; those started, finished or overdue stay, so retiring a plan never hides a missed PM. The reason is recorded.
     */
    put: operations['retirePmPlan'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/maintenance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One page of a device's maintenance history: its tasks, newest first
     * @description Anyone signed in, a Technician included, whoever each task was assigned to: read-only, each task with its type, status, dates, assignee, reporter, fault, repair details, spare parts and certification (not the notes, hours or costs). A device without tasks has an empty page.
     */
    get: operations['getEquipmentMaintenanceHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/safety-tests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A device's electrical-safety tests (IEC 62353), newest first, and when the next is due
     * @description Anyone signed in. The latest 50 tests with each measurement, the limit applied and its source, the computed result, the analyser's own verdict when imported, and the Repair task a failure opened; `due` is the due date of the device's active Safety Testing PM plan (its earliest open occurrence, else the plan's next due date), null without such a plan.
     */
    get: operations['getEquipmentSafetyTests'];
    put?: never;
    /**
     * Record an electrical-safety test of a device (Engineers and Admins)
     * @description The measurements in ohm, megaohm and microampere; null where not measured. A Class I device needs its protective earth, a mains-powered one its equipment leakage, a BF or CF applied part its leakage; a value where the standard asks for none (protective earth of Class II, type B applied-part leakage) is refused. The result is computed from the IEC 62353 limits, never sent. `openRepairTask` on a failing test opens a High-priority Repair task in the same transaction. Audited.
     */
    post: operations['recordSafetyTest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/safety-tests/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One electrical-safety test */
    get: operations['getSafetyTest'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/safety-tests/imports/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Read a safety analyser's CSV export and preview each row (Engineers and Admins)
     * @description The body is the file (CSV, at most 2 MB and 1,000 tests), its name in the query. The maintenance service reads it in its own file workers by the parser its first line names: Caliber's safety-test CSV, a Fluke ESA615/Ansur-modelled table, a Rigel 288+ complete result, or any format that service has added since. Each row is matched to a device by serial number and answered as to import (with its computed result, and whether the analyser's own verdict disagrees) or refused: no such device, ambiguous, a duplicate of a recorded test or of an earlier row, an unreadable value. Nothing is written.
     */
    post: operations['previewSafetyImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/safety-tests/imports/apply': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Import the importable rows of a safety analyser file (Engineers and Admins)
     * @description The same file again (the body, its name and `openRepairTasks` in the query): its rows are checked again and every importable one written in one transaction, each audited; `openRepairTasks` opens a Repair task per failed test. A test already on record (same device, format, date and time) is a duplicate, so applying a file twice imports nothing new.
     */
    post: operations['applySafetyImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reports/generate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Generate reports as PDF, Excel or Word; optionally e-mail them and repeat them on a schedule
     * @description The Generate Report dialog's body: `reports` (at least one of the eight types), `filters` (`dateFrom` ≤ `dateTo`, departments, categories, `staff`) and `options` (format, visuals, advanced, schedule, delivery). At least one of `delivery.downloadNow`, `delivery.email` or `schedule.enabled`. With Download Now, the answer waits for the file up to `REPORT_WAIT_SECONDS` (15 s) and is the file itself (`cmms-report-{timestamp}.{pdf|xlsx|docx}`); otherwise, or when it takes longer, it is 202 `{fileUrl, jobId, scheduleId}`: `fileUrl` is the report's page, which follows it live and downloads it when done. A schedule alone writes nothing now. `delivery.email` must be the caller's own confirmed address (`user.emailConfirmed`) or at one of `REPORT_MAIL_DOMAINS` (else 400, saying where reports may go and how to confirm an address).
     */
    post: operations['generateReport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your reports, newest first (Engineers and Admins: everyone's with `everyone=1`) */
    get: operations['listReports'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/report-schedules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your report schedules (Engineers and Admins: everyone's), with their next run */
    get: operations['listReportSchedules'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/report-schedules/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Cancel a report schedule (its owner, an Engineer or an Admin)
     * @description The reports it made stay. Anyone else's schedule is 404.
     */
    delete: operations['cancelReportSchedule'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One report: its state, progress and file (its owner, Engineers and Admins) */
    get: operations['getReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reports/{id}/file': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Download a finished report */
    get: operations['getReportFile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The dashboard: inventory and task figures with their 30-day trends, the latest tasks, PM completion, System Status and your last sign-in
     * @description Composed from the services in parallel. A part whose service does not answer within 3 s is null and `unavailable` says why; the other parts still arrive (200). A Technician's task figures are their own. System Status says what is wrong (`problem`) to Engineers and Admins only (`details: true`); others get OK or not OK per part.
     */
    get: operations['getDashboard'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One page of the audit trail of every service, newest first (Engineers, Managers and Admins)
     * @description Who changed what and when, with each field's old and new value, read from each service's own audit log and merged by time. Filters: `equipment` (the device a change concerns), `person` (changes the person made, and changes to their staff record), `from` and `to` (days on the hospital's calendar, both included). Answers `{rows, next}`; pass `next` back as `cursor` for the next, older page (null: no older rows). The cursor holds each service's own position, so paging never skips or repeats a row. Technicians are refused: the rows hold staff's personal details.
     */
    get: operations['getAuditTrail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your own notifications, newest first, with your unread count
     * @description What Caliber told you in the app (a task assigned to you, a device of your department out of service, a recall that found one): each with the path of the record it is about (`link`) and `readAt` (null while unread). Only your own, and only what your role may read. `unread=true` lists the unread ones only. Answers `{rows, unread, total, page, pages, limit}` (`limit` 20 by default, at most 50); `unread` is how many of all your notifications are unread, whatever the filter.
     */
    get: operations['listNotifications'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/{id}/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark one of your notifications read
     * @description Marking one already read changes nothing and answers the same. Your other tabs and devices hear the new count live (`notification:read`). Answers `{unread}`, your unread count after it.
     */
    post: operations['markNotificationRead'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/read-all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark all your notifications read
     * @description Every notification of yours that is unread now; one that arrives after it stays unread. Your other tabs and devices hear the new count live (`notification:read`). Answers `{unread}`, your unread count after it.
     */
    post: operations['markAllNotificationsRead'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/unsubscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn off one kind of notification from an e-mail’s link (no session)
     * @description The one-click unsubscribe of RFC 8058: the `List-Unsubscribe` header of every notification e-mail names this address with its `token`, and the `/unsubscribe` page of the e-mail’s link posts it. The token, signed by the notifications service, names the person the e-mail went to and its kind (task updates, inventory changes, the weekly digest); that one Settings toggle is turned off, as if the person had saved it, and audited. A body (a mail client’s `List-Unsubscribe=One-Click`) is not read. Urgent pages are not a subscription and cannot be turned off this way.
     */
    post: operations['unsubscribeNotifications'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notification-deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The delivery record of e-mails and SMS (Admins)
     * @description Every e-mail and text message notifications made, newest first: to whom (the address masked), its state (`pending` while it waits or is retried, `sent`, `failed` once its tries ran out), how many tries, the last refusal of the mail server or SMS gateway, and a note of why it went as it did (held for the quiet hours or a person’s limit, gathered into one message, an urgent page sent to every Engineer because nobody covers the department). Filter by `state` and `channel`. Answers `{rows, total, page, pages, limit}` (`limit` 25 by default, at most 100).
     */
    get: operations['listNotificationDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/on-call': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who covers a department for urgent pages (Engineers and Admins)
     * @description A department of the hospital lists (`department`, any name it has had): its covering engineers, the shifts under way now (`onCallNow`, all of them when shifts overlap), the next shift to start, and a page of the shifts not yet ended, earliest first (`limit` 50 by default, at most 100). An urgent page goes to whoever is on call now; with nobody on call, to the covering engineers; with none, to the department’s Engineers, then to every Engineer.
     */
    get: operations['getDepartmentCover'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/on-call/covering': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set a department’s covering engineers (Admins)
     * @description Replaces the list (at most 20; an empty list clears it). Each must be an active Engineer or Admin of the roster; their names are kept for display. Audited. Answers the department’s cover.
     */
    put: operations['setCoveringEngineers'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/on-call/shifts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a shift to a department’s on-call rota (Admins)
     * @description `from` (included) and `to` (excluded) are ISO 8601 date-times with their offset; a shift lasts at most 31 days, ends in the future and starts at most 366 days ahead. Shifts may overlap (everyone on call then is paged). A department holds at most 500 shifts not yet ended; shifts ended more than 90 days ago are removed. The engineer must be an active Engineer or Admin. Audited.
     */
    post: operations['addOnCallShift'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/on-call/shifts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a shift from the on-call rota (Admins)
     * @description Audited. Answers the id of the shift removed.
     */
    delete: operations['removeOnCallShift'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/cost-settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The hospital currency (Engineers, Managers and Admins)
     * @description The ISO 4217 code every amount of the hospital is in: labour rates, part costs, acquisition costs. `null` until an Admin sets it.
     */
    get: operations['getCostSettings'];
    /**
     * Set the hospital currency (Admins)
     * @description An ISO 4217 code (`GHS`, `USD`, `EUR`…). Amounts already recorded are not converted: they are read in the new currency, so change it only to correct it. Audited.
     */
    put: operations['setCostSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/labour-rates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The labour rates by role (Engineers, Managers and Admins)
     * @description Each role’s loaded hourly rate (pay, on-costs and overheads) with the day it applies from and the day the next one starts (`until`). `inForce` holds the rate of each role in force today, in the hospital’s time zone. `role` filters the page. Answers `{currency, inForce, rows, total, page, pages, limit}` (`limit` 50 by default, at most 100), rows by role and newest first within a role.
     */
    get: operations['listLabourRates'];
    put?: never;
    /**
     * Add a labour rate for a role (Admins)
     * @description A task’s hours are priced at the rate in force on the day the work was done, so a new rate never rewrites the past: a role’s first rate may start on any date (work before it had no price), a later one starts after the role’s latest and no earlier than today (the hospital’s date), and at most 366 days ahead. The hospital currency must be set first. A role holds at most 100 rates. Audited.
     */
    post: operations['addLabourRate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/labour-rates/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Withdraw a labour rate before its first day (Admins)
     * @description Only a rate that has not started: one that has priced work stays, and is corrected by adding the right rate from today. Audited. Answers the id of the rate withdrawn.
     */
    delete: operations['withdrawLabourRate'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The documents and photos of a device, newest first
     * @description A page of the record's documents (at most 100 a page). `report` (a service report), `certificate`, `photo` on the device itself; `manual` on its model, shown on every device of the same manufacturer and model. The list holds the device's documents and its model's manuals.
     */
    get: operations['listEquipmentDocuments'];
    put?: never;
    /**
     * Attach a document or photo to a device
     * @description The body is the file's bytes (any Content-Type; the type is read from the bytes), its purpose and name in the query. `report` (a service report), `certificate`, `photo` on the device itself; `manual` on its model, shown on every device of the same manufacturer and model. The list holds the device's documents and its model's manuals. A photo is stored without its metadata (its location among them) and given a thumbnail. Each purpose has its size limit; a record holds at most 200 documents.
     */
    post: operations['attachEquipmentDocument'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/documents/{documentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A document of a device: its file
     * @description Images open in the page (`inline`); every other type downloads (`attachment`). The name is made safe and its extension follows the type; `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy keep a file from running as a page.
     */
    get: operations['downloadEquipmentDocument'];
    put?: never;
    post?: never;
    /**
     * Remove a document from a device
     * @description Who added it, an Engineer or an Admin. The file is deleted; the audit trail keeps who added and removed it, when, and its SHA-256.
     */
    delete: operations['removeEquipmentDocument'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/equipment/{id}/documents/{documentId}/thumbnail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A photo's thumbnail on a device
     * @description At most 320 pixels on its longest side, WebP.
     */
    get: operations['getEquipmentDocumentThumbnail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recalls/{id}/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The documents and photos of a recall, newest first
     * @description A page of the record's documents (at most 100 a page). `notice`: the manufacturer's or authority's notice.
     */
    get: operations['listRecallDocuments'];
    put?: never;
    /**
     * Attach a document or photo to a recall
     * @description The body is the file's bytes (any Content-Type; the type is read from the bytes), its purpose and name in the query. `notice`: the manufacturer's or authority's notice. A photo is stored without its metadata (its location among them) and given a thumbnail. Each purpose has its size limit; a record holds at most 200 documents.
     */
    post: operations['attachRecallDocument'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recalls/{id}/documents/{documentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A document of a recall: its file
     * @description Images open in the page (`inline`); every other type downloads (`attachment`). The name is made safe and its extension follows the type; `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy keep a file from running as a page.
     */
    get: operations['downloadRecallDocument'];
    put?: never;
    post?: never;
    /**
     * Remove a document from a recall
     * @description Who added it, an Engineer or an Admin. The file is deleted; the audit trail keeps who added and removed it, when, and its SHA-256.
     */
    delete: operations['removeRecallDocument'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recalls/{id}/documents/{documentId}/thumbnail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A photo's thumbnail on a recall
     * @description At most 320 pixels on its longest side, WebP.
     */
    get: operations['getRecallDocumentThumbnail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The documents and photos of a task, newest first
     * @description A page of the record's documents (at most 100 a page). `photo` (of the fault, or of the work), `report` (a vendor's service report). The reporter of a fault adds photos to it; Managers only read.
     */
    get: operations['listTaskDocuments'];
    put?: never;
    /**
     * Attach a document or photo to a task
     * @description The body is the file's bytes (any Content-Type; the type is read from the bytes), its purpose and name in the query. `photo` (of the fault, or of the work), `report` (a vendor's service report). The reporter of a fault adds photos to it; Managers only read. A photo is stored without its metadata (its location among them) and given a thumbnail. Each purpose has its size limit; a record holds at most 200 documents.
     */
    post: operations['attachTaskDocument'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/documents/{documentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A document of a task: its file
     * @description Images open in the page (`inline`); every other type downloads (`attachment`). The name is made safe and its extension follows the type; `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy keep a file from running as a page.
     */
    get: operations['downloadTaskDocument'];
    put?: never;
    post?: never;
    /**
     * Remove a document from a task
     * @description Who added it, an Engineer or an Admin. The file is deleted; the audit trail keeps who added and removed it, when, and its SHA-256.
     */
    delete: operations['removeTaskDocument'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/documents/{documentId}/thumbnail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A photo's thumbnail on a task
     * @description At most 320 pixels on its longest side, WebP.
     */
    get: operations['getTaskDocumentThumbnail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/safety-tests/{id}/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The documents and photos of a safety test, newest first
     * @description A page of the record's documents (at most 100 a page). `printout`: the analyser's printout of the test.
     */
    get: operations['listSafetyTestDocuments'];
    put?: never;
    /**
     * Attach a document or photo to a safety test
     * @description The body is the file's bytes (any Content-Type; the type is read from the bytes), its purpose and name in the query. `printout`: the analyser's printout of the test. A photo is stored without its metadata (its location among them) and given a thumbnail. Each purpose has its size limit; a record holds at most 200 documents.
     */
    post: operations['attachSafetyTestDocument'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/safety-tests/{id}/documents/{documentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A document of a safety test: its file
     * @description Images open in the page (`inline`); every other type downloads (`attachment`). The name is made safe and its extension follows the type; `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy keep a file from running as a page.
     */
    get: operations['downloadSafetyTestDocument'];
    put?: never;
    post?: never;
    /**
     * Remove a document from a safety test
     * @description Who added it, an Engineer or an Admin. The file is deleted; the audit trail keeps who added and removed it, when, and its SHA-256.
     */
    delete: operations['removeSafetyTestDocument'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/safety-tests/{id}/documents/{documentId}/thumbnail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A photo's thumbnail on a safety test
     * @description At most 320 pixels on its longest side, WebP.
     */
    get: operations['getSafetyTestDocumentThumbnail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Up or down: PostgreSQL, NATS, Redis and each service
     * @description Answers `{status, checks}` with only `status` per part; the details are for Engineers and Admins.
     */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether this gateway replica can take requests: it reaches NATS (the readiness probe)
     * @description Does not follow the domain services: one service down must not take every gateway replica out of service.
     */
    get: operations['getHealthReady'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health/details': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Each part with its latency and error, the version and the uptime (Engineers and Admins) */
    get: operations['getHealthDetails'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /**
     * @example {
     *       "_id": "c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
     *       "taskId": "6d1f8a27-3b4c-4e5d-9f6a-7b8c9d0e1f2a",
     *       "text": "Same pump, bed 12: the occlusion alarm stayed silent again during the night round.",
     *       "reportedBy": {
     *         "_id": "9e4b2a61-7d3c-4f8e-a1b5-c6d7e8f90a12",
     *         "name": "Ruth Adeyemi"
     *       },
     *       "at": "2026-03-03T02:41:09.117Z"
     *     }
     */
    AddedReport: {
      _id: string;
      taskId: string;
      text: string;
      reportedBy: components['schemas']['UserRef'] | null;
      at: string;
    };
    /**
     * @example {
     *       "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *       "name": "Grace Okafor",
     *       "role": "Engineer",
     *       "serviceNumber": "BME-1042"
     *     }
     */
    Assignee: {
      _id: string;
      name: string;
      role: string;
      serviceNumber: string;
    };
    /**
     * @example {
     *       "technicians": [
     *         {
     *           "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *           "name": "Grace Okafor",
     *           "role": "Engineer",
     *           "serviceNumber": "BME-1042"
     *         }
     *       ]
     *     }
     */
    AssigneeList: {
      technicians: components['schemas']['Assignee'][];
    };
    /**
     * @example {
     *       "rows": [
     *         {
     *           "key": "equipment:48213",
     *           "at": "2026-03-02T10:14:07.512Z",
     *           "service": "equipment",
     *           "actor": {
     *             "id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *             "label": "BME-1042",
     *             "name": "Grace Okafor"
     *           },
     *           "via": "gateway",
     *           "entity": "equipment",
     *           "entityId": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *           "action": "status-changed",
     *           "changes": {
     *             "status": {
     *               "from": "Serviceable",
     *               "to": "Unserviceable"
     *             }
     *           },
     *           "equipmentId": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b"
     *         }
     *       ],
     *       "next": "eyJ2IjoxLCJwIjp7ImlkZW50aXR5Ijp7ImF0VXMiOiIxNzcyNDQ2NDQ3NTEyMDAwIiwiaWQiOiI0ODE5MCJ9LCJlcXVpcG1lbnQiOnsiYXRVcyI6IjE3NzI0NDY0NDc1MTIwMDAiLCJpZCI6IjQ4MjEzIn0sIm1haW50ZW5hbmNlIjpudWxsLCJyZXBvcnRzIjp7ImF0VXMiOiIxNzcyNDQwMDAwMDAwMDAwIiwiaWQiOiI5MTIifX19"
     *     }
     */
    AuditTrailPage: {
      rows: {
        /** @description Unique on the page: `<service>:<id>`. */
        key: string;
        at: string;
        /** @enum {string} */
        service: 'identity' | 'equipment' | 'maintenance' | 'reports' | 'notifications';
        actor: {
          id: string | null;
          label: string;
          /** @description The person's name, when identity knows the id. */
          name: string | null;
        };
        /** @description The principal that vouched for the actor on the bus (`gateway`, a service), or null (command line, seed). */
        via: string | null;
        entity: string;
        entityId: string;
        action: string;
        changes: {
          [key: string]: {
            from: unknown;
            to: unknown;
          };
        };
        /** @description The device the change concerns, if any. */
        equipmentId: string | null;
      }[];
      /** @description The cursor of the next (older) page, or null when this page holds the oldest rows. */
      next: string | null;
    };
    /**
     * @example {
     *       "due": 42,
     *       "onTime": 30,
     *       "late": 3,
     *       "missed": 1,
     *       "pending": 8,
     *       "rate": 0.8823529411764706
     *     }
     */
    ComplianceFigures: {
      due: number;
      onTime: number;
      late: number;
      missed: number;
      pending: number;
      /** @description 0 to 1, or null when nothing in the period was due by today. */
      rate: number | null;
    };
    /**
     * @example {
     *       "currency": "GHS"
     *     }
     */
    CostSettings: {
      /** @description The ISO 4217 code every amount of the hospital is in; null until an Admin sets it. */
      currency: string | null;
    };
    /**
     * @example {
     *       "engineerId": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
     *       "engineerName": "Kwame Boateng"
     *     }
     */
    CoveringEngineer: {
      engineerId: string;
      /** @description The name when the entry was saved, for display. */
      engineerName: string;
    };
    /**
     * @example {
     *       "user": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor",
     *         "serviceNumber": "BME-1042",
     *         "email": "grace.okafor@hospital.example",
     *         "emailConfirmed": true,
     *         "pendingEmail": null,
     *         "phoneNumber": "+15550100142",
     *         "role": "Engineer",
     *         "department": "ICU",
     *         "isActive": true,
     *         "preApproved": true,
     *         "avatar": null,
     *         "lastLoginAt": "2026-03-02T07:41:12.000Z",
     *         "notifications": {
     *           "taskUpdates": true,
     *           "inventory": true,
     *           "weeklyDigest": false
     *         },
     *         "reportDefaults": {
     *           "includeCharts": true,
     *           "includeSummary": true,
     *           "format": "pdf"
     *         },
     *         "theme": null,
     *         "createdAt": "2025-11-18T09:05:00.000Z",
     *         "updatedAt": "2026-03-02T07:41:12.000Z"
     *       }
     *     }
     */
    CurrentUser: {
      user: components['schemas']['User'];
    };
    /**
     * @example {
     *       "equipment": {
     *         "total": 1248,
     *         "serviceable": 1152,
     *         "maintenance": 61,
     *         "unserviceable": 27,
     *         "byStatus": {
     *           "Serviceable": 1152,
     *           "Under Maintenance": 61,
     *           "Unserviceable": 27,
     *           "Decommissioned": 6,
     *           "Auctioned": 2
     *         },
     *         "earlier": {
     *           "total": 1234,
     *           "serviceable": 1139,
     *           "maintenance": 58,
     *           "unserviceable": 29
     *         },
     *         "recalls": {
     *           "openNotices": 2,
     *           "awaitingAction": 14
     *         },
     *         "contractRenewals": {
     *           "within30": 1,
     *           "within90": 3
     *         }
     *       },
     *       "tasks": {
     *         "total": 318,
     *         "pending": 41,
     *         "inProgress": 22,
     *         "completed": 255,
     *         "earlier": {
     *           "total": 290,
     *           "pending": 38,
     *           "inProgress": 25,
     *           "completed": 227
     *         },
     *         "recent": [
     *           {
     *             "_id": "5b2e9f41-8c3d-4a7e-b6f0-2d1c9e8a7b63",
     *             "title": "Occlusion alarm does not sound",
     *             "status": "Completed",
     *             "equipmentName": "Infusion Pump",
     *             "technicianName": "Samuel Mensah",
     *             "createdAt": "2026-03-02T08:12:40.311Z"
     *           }
     *         ],
     *         "overdue": 6,
     *         "awaitingCertification": 9
     *       },
     *       "recentTasks": [
     *         {
     *           "_id": "5b2e9f41-8c3d-4a7e-b6f0-2d1c9e8a7b63",
     *           "title": "Occlusion alarm does not sound",
     *           "status": "Completed",
     *           "equipmentName": "Infusion Pump",
     *           "technicianName": "Samuel Mensah",
     *           "createdAt": "2026-03-02T08:12:40.311Z"
     *         }
     *       ],
     *       "pm": {
     *         "from": "2026-03-01",
     *         "to": "2026-03-31",
     *         "overall": {
     *           "due": 42,
     *           "onTime": 30,
     *           "late": 3,
     *           "missed": 1,
     *           "pending": 8,
     *           "rate": 0.8823529411764706
     *         },
     *         "lifeSupport": {
     *           "due": 42,
     *           "onTime": 30,
     *           "late": 3,
     *           "missed": 1,
     *           "pending": 8,
     *           "rate": 0.8823529411764706
     *         }
     *       },
     *       "costOfService": {
     *         "figure": {
     *           "from": "2025-03-03",
     *           "to": "2026-03-02",
     *           "ratio": 0.052,
     *           "serviceCost": 1248600,
     *           "acquisitionCost": 24011538.46,
     *           "devicesWithCost": 1180,
     *           "devicesWithoutCost": 68,
     *           "flagged": 7,
     *           "currency": "GBP",
     *           "computedAt": "2026-03-02T06:41:12.000Z"
     *         },
     *         "current": true,
     *         "failed": false
     *       },
     *       "system": {
     *         "details": true,
     *         "database": {
     *           "ok": true,
     *           "problem": null
     *         },
     *         "services": {
     *           "ok": true,
     *           "problem": null
     *         },
     *         "live": {
     *           "ok": true,
     *           "problem": null
     *         },
     *         "queue": {
     *           "ok": true,
     *           "problem": null
     *         },
     *         "lastBackupAt": "2026-03-02T02:00:00.000Z"
     *       },
     *       "lastLogin": "2026-03-01T07:38:55.000Z",
     *       "unavailable": {}
     *     }
     */
    Dashboard: {
      equipment: {
        total: number;
        serviceable: number;
        maintenance: number;
        unserviceable: number;
        byStatus: {
          Serviceable: number;
          'Under Maintenance': number;
          Unserviceable: number;
          Decommissioned: number;
          Auctioned: number;
        };
        /** @description The same figures 30 days earlier; null when the status history does not reach that far back. */
        earlier: {
          total: number;
          serviceable: number;
          maintenance: number;
          unserviceable: number;
        } | null;
        recalls?: {
          /** @description Notices still open. */
          openNotices: number;
          /** @description Affected devices whose action is still open. */
          awaitingAction: number;
        };
        contractRenewals?: {
          /** @description Contracts ending within 30 days (the hospital’s today included). */
          within30: number;
          /** @description Contracts ending within 90 days, those within 30 among them. */
          within90: number;
        };
      } | null;
      tasks: {
        total: number;
        pending: number;
        inProgress: number;
        completed: number;
        earlier: components['schemas']['TaskCounts'] | null;
        recent: {
          _id: string;
          title: string;
          /** @enum {string} */
          status: 'Pending' | 'In Progress' | 'Completed' | 'Cancelled';
          equipmentName: string;
          /** @description Null when nobody is assigned. */
          technicianName: string | null;
          createdAt: string;
        }[];
        /** @description Open tasks whose due date has passed (the hospital's today). */
        overdue: number;
        /** @description Completed work an Engineer has yet to certify. */
        awaitingCertification: number;
      } | null;
      /** @description The spec's list, the same as `tasks.recent` (empty when the tasks part is missing). */
      recentTasks: {
        _id: string;
        title: string;
        /** @enum {string} */
        status: 'Pending' | 'In Progress' | 'Completed' | 'Cancelled';
        equipmentName: string;
        /** @description Null when nobody is assigned. */
        technicianName: string | null;
        createdAt: string;
      }[];
      pm: {
        /** @description `YYYY-MM-DD`, the month's first day in the hospital's time zone. */
        from: string;
        /** @description `YYYY-MM-DD`, the month's last day in the hospital's time zone. */
        to: string;
        overall: components['schemas']['ComplianceFigures'];
        lifeSupport: components['schemas']['ComplianceFigures'];
      } | null;
      /** @description The hospital's cost of service over the year to today, for those who read costs (Engineers, Managers, Admins; absent for everyone else); null when the reports service did not answer. */
      costOfService?: {
        /** @description The latest worked out; null before the first. */
        figure: {
          /** @description `YYYY-MM-DD`, the year's first day in the hospital's time zone. */
          from: string;
          /** @description `YYYY-MM-DD`, the hospital's day the figure was worked out on (the year's last). */
          to: string;
          /** @description The service cost over the acquisition cost (0.052 is 5.2%); null when no device has an acquisition cost. */
          ratio: number | null;
          /** @description Labour, parts, vendors and contracts of the devices with an acquisition cost. */
          serviceCost: number;
          acquisitionCost: number;
          devicesWithCost: number;
          /** @description Devices with no recorded acquisition cost: outside the ratio. */
          devicesWithoutCost: number;
          /** @description Devices flagged for replacement planning. */
          flagged: number;
          /** @description The currency the amounts are in (ISO 4217): the hospital currency now, as the reports write it. */
          currency: string;
          /** @description When it was worked out (ISO). */
          computedAt: string;
        } | null;
        /** @description Whether `figure` is today's; when false, today's is being worked out. */
        current: boolean;
        /** @description Whether working out today's failed: it is tried again 15 minutes after, when a dashboard asks. */
        failed: boolean;
      } | null;
      system: {
        details: boolean;
        database: {
          ok: boolean;
          problem: string | null;
        };
        services: {
          ok: boolean;
          problem: string | null;
        };
        live: {
          ok: boolean;
          problem: string | null;
        };
        queue: {
          ok: boolean;
          problem: string | null;
        };
        lastBackupAt: string | null;
      };
      /** @description The person's previous sign-in (ISO), null when this is their first, or when unknown. */
      lastLogin: string | null;
      /** @description The parts that did not arrive, each with why. */
      unavailable: {
        equipment?: string;
        tasks?: string;
        pm?: string;
        lastLogin?: string;
        costOfService?: string;
      };
    };
    /**
     * @example {
     *       "id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *       "notificationId": "4d3c2b1a-0f9e-4d8c-b7a6-95847362a1b0",
     *       "kind": "urgent-fault",
     *       "title": "Urgent fault: Ventilator stops",
     *       "recipientId": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
     *       "recipientName": "Kwame Boateng",
     *       "recipientServiceNumber": "BME-1002",
     *       "channel": "sms",
     *       "address": "•••• 0167",
     *       "state": "sent",
     *       "attempts": 2,
     *       "note": "Nobody on call for Theatre and no engineer covers it: paged every Engineer.",
     *       "lastError": null,
     *       "createdAt": "2026-11-29T02:14:03.000Z",
     *       "nextAttemptAt": null,
     *       "sentAt": "2026-11-29T02:14:09.000Z"
     *     }
     */
    DeliveryRecord: {
      id: string;
      notificationId: string;
      /** @enum {string} */
      kind:
        | 'task-assigned'
        | 'task-unassigned'
        | 'reported-task-changed'
        | 'work-certified'
        | 'work-returned'
        | 'awaiting-certification'
        | 'device-status-changed'
        | 'recall-matched'
        | 'safety-test-failed'
        | 'urgent-fault'
        | 'pm-overdue'
        | 'contract-renewal'
        | 'weekly-digest';
      title: string;
      recipientId: string;
      recipientName: string;
      recipientServiceNumber: string;
      /** @enum {string} */
      channel: 'email' | 'sms';
      /** @description The address it went to, masked (a•••@hospital.example, •••• 0167). */
      address: string;
      /** @enum {string} */
      state: 'pending' | 'sent' | 'failed' | 'skipped';
      attempts: number;
      /** @description Why it went as it did: held for quiet hours or a limit, gathered, a fallback page. */
      note: string | null;
      /** @description The last refusal of the mail server or SMS gateway. */
      lastError: string | null;
      createdAt: string;
      nextAttemptAt: string | null;
      sentAt: string | null;
    };
    /**
     * @example {
     *       "rows": [
     *         {
     *           "id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *           "notificationId": "4d3c2b1a-0f9e-4d8c-b7a6-95847362a1b0",
     *           "kind": "urgent-fault",
     *           "title": "Urgent fault: Ventilator stops",
     *           "recipientId": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
     *           "recipientName": "Kwame Boateng",
     *           "recipientServiceNumber": "BME-1002",
     *           "channel": "sms",
     *           "address": "•••• 0167",
     *           "state": "sent",
     *           "attempts": 2,
     *           "note": "Nobody on call for Theatre and no engineer covers it: paged every Engineer.",
     *           "lastError": null,
     *           "createdAt": "2026-11-29T02:14:03.000Z",
     *           "nextAttemptAt": null,
     *           "sentAt": "2026-11-29T02:14:09.000Z"
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 25
     *     }
     */
    DeliveryRecordPage: {
      rows: components['schemas']['DeliveryRecord'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "department": "ICU",
     *       "covering": [
     *         {
     *           "engineerId": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
     *           "engineerName": "Kwame Boateng"
     *         }
     *       ],
     *       "onCallNow": [
     *         {
     *           "id": "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
     *           "department": "ICU",
     *           "engineerId": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
     *           "engineerName": "Kwame Boateng",
     *           "from": "2026-11-29T18:00:00.000Z",
     *           "to": "2026-11-30T08:00:00.000Z"
     *         }
     *       ],
     *       "next": null,
     *       "shifts": [
     *         {
     *           "id": "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
     *           "department": "ICU",
     *           "engineerId": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
     *           "engineerName": "Kwame Boateng",
     *           "from": "2026-11-29T18:00:00.000Z",
     *           "to": "2026-11-30T08:00:00.000Z"
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 50
     *     }
     */
    DepartmentCover: {
      department: string;
      covering: components['schemas']['CoveringEngineer'][];
      /** @description Shifts under way now (overlapping shifts are all listed). */
      onCallNow: components['schemas']['OnCallShift'][];
      /** @description The next shift to start, if any. */
      next: components['schemas']['OnCallShift'] | null;
      /** @description A page of the shifts not yet ended, earliest first. */
      shifts: components['schemas']['OnCallShift'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "_id": "3a9e6f2b-1c4d-4e8f-a7b6-5c4d3e2f1a0b",
     *       "kind": "department",
     *       "name": "ICU",
     *       "parentId": null,
     *       "retired": false,
     *       "retiredAt": null,
     *       "formerNames": [],
     *       "createdAt": "2025-11-03T08:00:00.000Z",
     *       "updatedAt": "2025-11-03T08:00:00.000Z",
     *       "version": 1,
     *       "wards": [
     *         {
     *           "_id": "5d2c8e1a-7b3f-4a6e-9c0d-1e2f3a4b5c6d",
     *           "kind": "ward",
     *           "name": "Bay C",
     *           "parentId": "3a9e6f2b-1c4d-4e8f-a7b6-5c4d3e2f1a0b",
     *           "retired": false,
     *           "retiredAt": null,
     *           "formerNames": [
     *             {
     *               "name": "Bay 3",
     *               "until": "2026-02-14T10:22:41.005Z"
     *             }
     *           ],
     *           "createdAt": "2025-11-03T08:00:00.000Z",
     *           "updatedAt": "2026-02-14T10:22:41.005Z",
     *           "version": 2
     *         }
     *       ]
     *     }
     */
    DepartmentEntry: {
      _id: string;
      /** @enum {string} */
      kind: 'department' | 'ward' | 'category';
      name: string;
      /** @description A ward's department; null for departments and categories. */
      parentId: string | null;
      retired: boolean;
      retiredAt: string | null;
      /** @description Older names, newest first (other spellings of the place count among them). */
      formerNames: {
        name: string;
        /** @description When it stopped being the name (ISO 8601). */
        until: string;
      }[];
      createdAt: string;
      updatedAt: string;
      /** @description Optimistic lock: a change sends the version it read and is refused (409) if it moved on. */
      version: number;
      wards: components['schemas']['ListEntry'][];
    };
    /**
     * @example {
     *       "equipmentId": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *       "acquisitionCost": 48500,
     *       "purchaseDate": "2023-04-20",
     *       "supplier": "B. Braun Medical Ltd",
     *       "supplierId": "7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c",
     *       "expectedLifeYears": 10,
     *       "endOfLife": "2033-04-20",
     *       "currency": "GHS",
     *       "updatedAt": "2026-03-02T15:40:11.508Z",
     *       "updatedByLabel": "BME-1001",
     *       "version": 2
     *     }
     */
    DeviceAcquisition: {
      equipmentId: string;
      /** @description What the device cost the hospital, in the hospital currency; null when not recorded. */
      acquisitionCost: number | null;
      /** @description YYYY-MM-DD */
      purchaseDate: string | null;
      /** @description Who the hospital bought it from: the vendor's name as the vendor list has it now. */
      supplier: string | null;
      /** @description That vendor’s id on the vendor list. */
      supplierId: string | null;
      /** @description Its expected service life, in whole years. */
      expectedLifeYears: number | null;
      /** @description The purchase date plus the expected life (YYYY-MM-DD): when to plan its replacement. */
      endOfLife: string | null;
      /** @description The hospital currency; null until an Admin sets it. */
      currency: string | null;
      /** @description When these figures were last changed; null if never. */
      updatedAt: string | null;
      /** @description The service number of who last changed them. */
      updatedByLabel: string | null;
      /** @description Send it back with a change to refuse overwriting a newer one (0: never recorded). */
      version: number;
    };
    /**
     * @example {
     *       "equipmentId": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *       "covers": [
     *         {
     *           "source": "warranty",
     *           "kind": null,
     *           "until": "2027-03-12",
     *           "vendorName": "Philips",
     *           "phone": null,
     *           "email": null,
     *           "reference": null,
     *           "responseHours": null,
     *           "pmIncluded": null
     *         }
     *       ]
     *     }
     */
    DeviceCover: {
      equipmentId: string;
      /** @description The warranty and the contracts covering the device today, the one ending last first. */
      covers: {
        /** @enum {string} */
        source: 'warranty' | 'contract';
        /** @description The contract’s kind; null for the warranty. */
        kind: ('full-service' | 'pm-only' | 'parts' | 'time-and-materials') | null;
        /** @description Its last day (YYYY-MM-DD). */
        until: string;
        /** @description Who to call; for a warranty, the manufacturer. */
        vendorName: string | null;
        phone: string | null;
        email: string | null;
        /** @description The contract number to quote. */
        reference: string | null;
        responseHours: number | null;
        pmIncluded: boolean | null;
      }[];
    };
    /**
     * @example {
     *       "tasks": [
     *         {
     *           "_id": "5b2e9f41-8c3d-4a7e-b6f0-2d1c9e8a7b63",
     *           "title": "Occlusion alarm does not sound",
     *           "taskType": "Repair",
     *           "pmType": null,
     *           "status": "Completed",
     *           "priority": "High",
     *           "dueDate": "2026-03-06",
     *           "createdAt": "2026-03-02T08:12:40.311Z",
     *           "completedDate": "2026-03-04T14:05:18.902Z",
     *           "assignedTo": {
     *             "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *             "name": "Samuel Mensah"
     *           },
     *           "reportedBy": null,
     *           "faultDescription": "Pressure sensor membrane cracked.",
     *           "repairDetails": "Replaced the pressure sensor and ran the occlusion test: alarm at 450 mmHg.",
     *           "certified": false,
     *           "certificationEngineer": null,
     *           "certifiedAt": null,
     *           "spareParts": [
     *             {
     *               "name": "Pressure sensor",
     *               "quantity": 1,
     *               "description": "Downstream, OEM"
     *             }
     *           ]
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 5
     *     }
     */
    DeviceHistoryPage: {
      tasks: components['schemas']['DeviceHistoryTask'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "_id": "5b2e9f41-8c3d-4a7e-b6f0-2d1c9e8a7b63",
     *       "title": "Occlusion alarm does not sound",
     *       "taskType": "Repair",
     *       "pmType": null,
     *       "status": "Completed",
     *       "priority": "High",
     *       "dueDate": "2026-03-06",
     *       "createdAt": "2026-03-02T08:12:40.311Z",
     *       "completedDate": "2026-03-04T14:05:18.902Z",
     *       "assignedTo": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       },
     *       "reportedBy": null,
     *       "faultDescription": "Pressure sensor membrane cracked.",
     *       "repairDetails": "Replaced the pressure sensor and ran the occlusion test: alarm at 450 mmHg.",
     *       "certified": false,
     *       "certificationEngineer": null,
     *       "certifiedAt": null,
     *       "spareParts": [
     *         {
     *           "name": "Pressure sensor",
     *           "quantity": 1,
     *           "description": "Downstream, OEM"
     *         }
     *       ]
     *     }
     */
    DeviceHistoryTask: {
      _id: string;
      title: string;
      /** @enum {string} */
      taskType: 'Repair' | 'Install' | 'Inspect' | 'Assess' | 'Calibrate' | 'Preventive';
      pmType:
        | (
            | 'Cleaning'
            | 'Lubrication'
            | 'Adjustment'
            | 'Calibrations'
            | 'Safety Testing'
            | 'Filter Replacement'
          )
        | null;
      /** @enum {string} */
      status: 'Pending' | 'In Progress' | 'Completed' | 'Cancelled';
      /** @enum {string} */
      priority: 'Low' | 'Medium' | 'High' | 'Urgent';
      /** @description YYYY-MM-DD */
      dueDate: string | null;
      createdAt: string;
      /** @description When the task was last completed (ISO 8601); cleared when it is reopened. */
      completedDate: string | null;
      assignedTo: components['schemas']['UserRef'] | null;
      /** @description Report Issue: who reported the fault. */
      reportedBy: components['schemas']['UserRef'] | null;
      faultDescription: string | null;
      repairDetails: string | null;
      certified: boolean;
      /** @description The certifying engineer's name, as the card shows it ('Certified by {name}'). */
      certificationEngineer: string | null;
      certifiedAt: string | null;
      spareParts: {
        name: string;
        quantity: number;
        description: string;
      }[];
    };
    /**
     * @example {
     *       "recalls": [
     *         {
     *           "recall": {
     *             "_id": "4e6d2f9a-8b1c-4d3e-a5f6-7a8b9c0d1e2f",
     *             "source": "FDA",
     *             "sourceReference": "Z-1234-2026",
     *             "title": "Infusomat Space: free-flow risk when the pump door is opened during infusion",
     *             "manufacturer": "B. Braun",
     *             "models": [
     *               "Infusomat Space"
     *             ],
     *             "publishedOn": "2026-02-20",
     *             "state": "open",
     *             "affected": 3,
     *             "closed": 1,
     *             "createdAt": "2026-02-23T08:41:17.322Z",
     *             "closedAt": null
     *           },
     *           "action": {
     *             "_id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *             "recallId": "4e6d2f9a-8b1c-4d3e-a5f6-7a8b9c0d1e2f",
     *             "device": {
     *               "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *               "name": "Infusion Pump",
     *               "serialNumber": "BBR-448812",
     *               "model": "Infusomat Space",
     *               "department": "ICU",
     *               "status": "Serviceable",
     *               "present": true
     *             },
     *             "matched": {
     *               "manufacturer": "B. Braun",
     *               "model": "Infusomat Space",
     *               "serialNumber": "BBR-448812",
     *               "lotNumber": null
     *             },
     *             "stillMatches": true,
     *             "foundAt": "2026-02-23T08:41:17.322Z",
     *             "state": "closed",
     *             "closedWith": "task",
     *             "taskId": "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f",
     *             "decision": null,
     *             "closedAt": "2026-02-25T14:05:09.871Z",
     *             "closedBy": {
     *               "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *               "name": "Grace Okafor"
     *             },
     *             "version": 2
     *           }
     *         }
     *       ]
     *     }
     */
    DeviceRecalls: {
      recalls: {
        recall: components['schemas']['RecallSummary'];
        action: components['schemas']['RecallAction'];
      }[];
    };
    /**
     * @example {
     *       "tests": [
     *         {
     *           "_id": "6d3f1a92-7b4e-4c58-9a0d-3e2f1b8c7a64",
     *           "testedOn": "2026-03-10",
     *           "testerName": "Samuel Mensah",
     *           "instrument": "Fluke ESA615",
     *           "instrumentCalibratedOn": "2025-11-20",
     *           "protectionClass": "I",
     *           "leakageMethod": "alternative",
     *           "appliedPartMethod": "alternative",
     *           "peWithCord": true,
     *           "protectiveEarthOhm": 0.12,
     *           "insulationMegaohm": 250,
     *           "equipmentLeakageMicroamp": 180,
     *           "appliedParts": [
     *             {
     *               "name": "Patient circuit",
     *               "type": "BF",
     *               "leakageMicroamp": 12
     *             }
     *           ],
     *           "visualInspection": "Pass",
     *           "notes": "",
     *           "equipment": {
     *             "_id": "2f6a8d14-9c3b-4e7a-b5d1-0c8e6f4a2b97",
     *             "name": "Ventilator",
     *             "serialNumber": "HAM-C6-20931",
     *             "department": "ICU",
     *             "category": "Ventilator"
     *           },
     *           "result": "Pass",
     *           "evaluation": {
     *             "result": "Pass",
     *             "measurements": [
     *               {
     *                 "key": "protectiveEarth",
     *                 "label": "Protective earth resistance",
     *                 "value": 0.12,
     *                 "unit": "Ω",
     *                 "limit": {
     *                   "id": "peWithCord",
     *                   "measurement": "protectiveEarth",
     *                   "appliesTo": "Class I, measured from the mains plug (with the power cord)",
     *                   "max": 0.3,
     *                   "unit": "Ω",
     *                   "binding": true,
     *                   "source": "IEC 62353:2014, 5.3.2 (measurement of protective earth resistance)"
     *                 },
     *                 "verdict": "Pass"
     *               },
     *               {
     *                 "key": "insulation",
     *                 "label": "Insulation resistance",
     *                 "value": 250,
     *                 "unit": "MΩ",
     *                 "limit": {
     *                   "id": "insulationI",
     *                   "measurement": "insulation",
     *                   "appliesTo": "Class I, mains parts to protective earth",
     *                   "min": 2,
     *                   "unit": "MΩ",
     *                   "binding": false,
     *                   "source": "Common practice, not IEC 62353 (which sets no insulation limit): the minimum many safety analysers and service manuals apply, after IEC 60601-1 and IEC 61010 test practice"
     *                 },
     *                 "verdict": "Pass"
     *               },
     *               {
     *                 "key": "equipmentLeakage",
     *                 "label": "Equipment leakage",
     *                 "value": 180,
     *                 "unit": "µA",
     *                 "limit": {
     *                   "id": "equipmentAlternativeI",
     *                   "measurement": "equipmentLeakage",
     *                   "appliesTo": "Class I, alternative method",
     *                   "max": 1000,
     *                   "unit": "µA",
     *                   "binding": true,
     *                   "source": "IEC 62353:2014, Table 2 (allowable values for leakage currents)"
     *                 },
     *                 "verdict": "Pass"
     *               },
     *               {
     *                 "key": "appliedPart:Patient circuit",
     *                 "label": "Applied part leakage, Patient circuit (BF)",
     *                 "value": 12,
     *                 "unit": "µA",
     *                 "limit": {
     *                   "id": "appliedPartBF",
     *                   "measurement": "appliedPartLeakage",
     *                   "appliesTo": "Type BF applied part, alternative or direct method",
     *                   "max": 5000,
     *                   "unit": "µA",
     *                   "binding": true,
     *                   "source": "IEC 62353:2014, Table 2 (allowable values for leakage currents)"
     *                 },
     *                 "verdict": "Pass"
     *               }
     *             ],
     *             "failed": []
     *           },
     *           "source": "form",
     *           "analyserResult": null,
     *           "repairTask": null,
     *           "recordedBy": {
     *             "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *             "name": "Samuel Mensah"
     *           },
     *           "recordedAt": "2026-03-10T11:42:09.817Z"
     *         }
     *       ],
     *       "total": 1,
     *       "due": {
     *         "planId": "b8e1d4c7-2a5f-4e3b-9d6c-0f7a8e2b1c35",
     *         "planTitle": "Annual electrical safety test (IEC 62353)",
     *         "dueDate": "2027-03-10",
     *         "overdue": false,
     *         "taskToComplete": null
     *       }
     *     }
     */
    DeviceSafetyTests: {
      tests: components['schemas']['SafetyTest'][];
      total: number;
      due: components['schemas']['SafetyTestDue'] | null;
    };
    /**
     * @example {
     *       "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *       "name": "Infusion Pump",
     *       "serialNumber": "BBR-448812",
     *       "department": "ICU",
     *       "category": "Infusion Pump"
     *     }
     */
    DeviceSnapshot: {
      _id: string;
      name: string;
      serialNumber: string;
      department: string;
      category: string;
    };
    /**
     * @example {
     *       "_id": "7b1e6a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
     *       "target": "task",
     *       "targetId": "2f1e0d9c-8b7a-4c6d-9e5f-4a3b2c1d0e9f",
     *       "purpose": "photo",
     *       "fileName": "cracked-housing.jpg",
     *       "mediaType": "image/jpeg",
     *       "bytes": 1482113,
     *       "sha256": "a3f1c2e4b5d6978812ab34cd56ef7890a1b2c3d4e5f60718293a4b5c6d7e8f90",
     *       "hasThumbnail": true,
     *       "addedById": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
     *       "addedByLabel": "N-20417",
     *       "addedByName": "Ama Mensah",
     *       "addedAt": "2026-11-29T09:41:00.000Z"
     *     }
     */
    Document: {
      _id: string;
      /**
       * @description The kind of record the file is kept on.
       * @enum {string}
       */
      target: 'device' | 'model' | 'recall' | 'task' | 'safety-test';
      /** @description The record's id; for a model, its manufacturer and model, folded (`dräger|evita v500`). */
      targetId: string;
      /** @enum {string} */
      purpose: 'photo' | 'manual' | 'report' | 'certificate' | 'printout' | 'notice';
      /** @description A safe name for the download, its extension matching its type. */
      fileName: string;
      /** @description The type read from the file's own bytes. */
      mediaType: string;
      bytes: number;
      /** @description SHA-256 of the bytes kept (for a photo: after its metadata was removed). */
      sha256: string;
      hasThumbnail: boolean;
      addedById: string | null;
      /** @description The service number of who added it. */
      addedByLabel: string;
      /** @description Their name when they added it. */
      addedByName: string;
      addedAt: string;
    };
    /**
     * @example {
     *       "items": [
     *         {
     *           "_id": "7b1e6a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
     *           "target": "task",
     *           "targetId": "2f1e0d9c-8b7a-4c6d-9e5f-4a3b2c1d0e9f",
     *           "purpose": "photo",
     *           "fileName": "cracked-housing.jpg",
     *           "mediaType": "image/jpeg",
     *           "bytes": 1482113,
     *           "sha256": "a3f1c2e4b5d6978812ab34cd56ef7890a1b2c3d4e5f60718293a4b5c6d7e8f90",
     *           "hasThumbnail": true,
     *           "addedById": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
     *           "addedByLabel": "N-20417",
     *           "addedByName": "Ama Mensah",
     *           "addedAt": "2026-11-29T09:41:00.000Z"
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 50
     *     }
     */
    DocumentPage: {
      items: components['schemas']['Document'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "email": "amina.okafor@hospital.example",
     *       "message": "Your e-mail address is now amina.okafor@hospital.example. Reports you ask for may be e-mailed to it."
     *     }
     */
    EmailConfirmed: {
      /** @description The address now in force. */
      email: string;
      message: string;
    };
    /**
     * @example {
     *       "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *       "name": "Infusion Pump",
     *       "manufacturer": "B. Braun",
     *       "model": "Infusomat Space",
     *       "serialNumber": "BBR-448812",
     *       "department": "ICU",
     *       "location": "Bed 4",
     *       "installationDate": "2023-05-12",
     *       "warrantyExpiry": "2026-05-12",
     *       "status": "Serviceable",
     *       "category": "Infusion Pump",
     *       "udi": null,
     *       "gtin": null,
     *       "lotNumber": null,
     *       "expiryDate": null,
     *       "manufactureDate": null,
     *       "createdAt": "2026-01-08T09:14:03.120Z",
     *       "updatedAt": "2026-03-02T15:40:11.508Z",
     *       "createdBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "updatedBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "version": 3,
     *       "risk": {
     *         "function": 9,
     *         "physicalRisk": 4,
     *         "maintenance": 4,
     *         "incidentHistory": 0,
     *         "total": 17,
     *         "riskClass": "High",
     *         "highRisk": true,
     *         "lifeSupport": false,
     *         "inPmProgram": true,
     *         "assessedAt": "2026-01-08T09:20:45.310Z",
     *         "assessedBy": {
     *           "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *           "name": "Grace Okafor"
     *         }
     *       },
     *       "openRecallActions": 0
     *     }
     */
    Equipment: {
      _id: string;
      name: string;
      manufacturer: string;
      model: string;
      serialNumber: string;
      department: string;
      location: string;
      /** @description YYYY-MM-DD */
      installationDate: string;
      /** @description YYYY-MM-DD */
      warrantyExpiry: string | null;
      /** @enum {string} */
      status: 'Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned';
      category: string;
      /** @description The device's GS1 UDI in its human-readable form. GTIN, lot and dates are read from it (never sent on their own), so they always agree with it; its serial (21) is the device's serial. */
      udi: string | null;
      gtin: string | null;
      lotNumber: string | null;
      expiryDate: string | null;
      manufactureDate: string | null;
      createdAt: string;
      updatedAt: string;
      createdBy: components['schemas']['UserRef'] | null;
      updatedBy: components['schemas']['UserRef'] | null;
      /** @description Optimistic lock: send it back with an update to refuse overwriting a newer change. */
      version: number;
      /** @description The Fennigkoh–Smith assessment, or null while nobody has assessed the item. */
      risk: components['schemas']['RiskAssessment'] | null;
      /** @description Recall actions on this device still open (its card's Recall badge). */
      openRecallActions: number;
    };
    /**
     * @example {
     *       "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *       "name": "Infusion Pump",
     *       "manufacturer": "B. Braun",
     *       "model": "Infusomat Space",
     *       "serialNumber": "BBR-448812",
     *       "department": "ICU",
     *       "location": "Bed 4",
     *       "installationDate": "2023-05-12",
     *       "warrantyExpiry": "2026-05-12",
     *       "status": "Serviceable",
     *       "category": "Infusion Pump",
     *       "udi": null,
     *       "gtin": null,
     *       "lotNumber": null,
     *       "expiryDate": null,
     *       "manufactureDate": null,
     *       "createdAt": "2026-01-08T09:14:03.120Z",
     *       "updatedAt": "2026-03-02T15:40:11.508Z",
     *       "createdBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "updatedBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "version": 3,
     *       "risk": {
     *         "function": 9,
     *         "physicalRisk": 4,
     *         "maintenance": 4,
     *         "incidentHistory": 0,
     *         "total": 17,
     *         "riskClass": "High",
     *         "highRisk": true,
     *         "lifeSupport": false,
     *         "inPmProgram": true,
     *         "assessedAt": "2026-01-08T09:20:45.310Z",
     *         "assessedBy": {
     *           "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *           "name": "Grace Okafor"
     *         }
     *       },
     *       "openRecallActions": 0,
     *       "statusHistory": [
     *         {
     *           "from": "Under Maintenance",
     *           "to": "Serviceable",
     *           "at": "2026-03-02T15:40:11.508Z",
     *           "by": {
     *             "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *             "name": "Grace Okafor"
     *           },
     *           "reason": "Pressure sensor replaced; the occlusion alarm sounds at 450 mmHg.",
     *           "taskId": null
     *         }
     *       ],
     *       "statusHistoryTotal": 1
     *     }
     */
    EquipmentDetail: {
      _id: string;
      name: string;
      manufacturer: string;
      model: string;
      serialNumber: string;
      department: string;
      location: string;
      /** @description YYYY-MM-DD */
      installationDate: string;
      /** @description YYYY-MM-DD */
      warrantyExpiry: string | null;
      /** @enum {string} */
      status: 'Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned';
      category: string;
      /** @description The device's GS1 UDI in its human-readable form. GTIN, lot and dates are read from it (never sent on their own), so they always agree with it; its serial (21) is the device's serial. */
      udi: string | null;
      gtin: string | null;
      lotNumber: string | null;
      expiryDate: string | null;
      manufactureDate: string | null;
      createdAt: string;
      updatedAt: string;
      createdBy: components['schemas']['UserRef'] | null;
      updatedBy: components['schemas']['UserRef'] | null;
      /** @description Optimistic lock: send it back with an update to refuse overwriting a newer change. */
      version: number;
      /** @description The Fennigkoh–Smith assessment, or null while nobody has assessed the item. */
      risk: components['schemas']['RiskAssessment'] | null;
      /** @description Recall actions on this device still open (its card's Recall badge). */
      openRecallActions: number;
      /** @description The newest status changes, newest first. */
      statusHistory: components['schemas']['StatusChange'][];
      /** @description How many status changes the item has in all. */
      statusHistoryTotal: number;
    };
    /**
     * @example {
     *       "equipment": [
     *         {
     *           "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *           "name": "Infusion Pump",
     *           "manufacturer": "B. Braun",
     *           "model": "Infusomat Space",
     *           "serialNumber": "BBR-448812",
     *           "department": "ICU",
     *           "location": "Bed 4",
     *           "installationDate": "2023-05-12",
     *           "warrantyExpiry": "2026-05-12",
     *           "status": "Serviceable",
     *           "category": "Infusion Pump",
     *           "udi": null,
     *           "gtin": null,
     *           "lotNumber": null,
     *           "expiryDate": null,
     *           "manufactureDate": null,
     *           "createdAt": "2026-01-08T09:14:03.120Z",
     *           "updatedAt": "2026-03-02T15:40:11.508Z",
     *           "createdBy": {
     *             "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *             "name": "Grace Okafor"
     *           },
     *           "updatedBy": {
     *             "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *             "name": "Grace Okafor"
     *           },
     *           "version": 3,
     *           "risk": {
     *             "function": 9,
     *             "physicalRisk": 4,
     *             "maintenance": 4,
     *             "incidentHistory": 0,
     *             "total": 17,
     *             "riskClass": "High",
     *             "highRisk": true,
     *             "lifeSupport": false,
     *             "inPmProgram": true,
     *             "assessedAt": "2026-01-08T09:20:45.310Z",
     *             "assessedBy": {
     *               "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *               "name": "Grace Okafor"
     *             }
     *           },
     *           "openRecallActions": 0
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 9,
     *       "filters": {
     *         "departments": [
     *           "ICU"
     *         ],
     *         "statuses": [
     *           "Serviceable"
     *         ],
     *         "categories": [
     *           "Infusion Pump"
     *         ]
     *       }
     *     }
     */
    EquipmentPage: {
      equipment: components['schemas']['Equipment'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
      /** @description The values present in the inventory, for the filter selects. */
      filters: {
        departments: string[];
        statuses: ('Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned')[];
        categories: string[];
      };
    };
    /**
     * @example {
     *       "statusCode": 404,
     *       "code": "NOT_FOUND",
     *       "message": "Equipment not found.",
     *       "requestId": "5f0c2b1e-7d4a-4b8e-9a51-0b6c1d2e3f40"
     *     }
     */
    Error: {
      statusCode: number;
      /**
       * @description What went wrong, for programs; one code maps to one status.
       * @enum {string}
       */
      code:
        | 'VALIDATION_FAILED'
        | 'BAD_REQUEST'
        | 'METHOD_NOT_ALLOWED'
        | 'NOT_ACCEPTABLE'
        | 'REQUEST_TIMEOUT'
        | 'GONE'
        | 'LENGTH_REQUIRED'
        | 'PRECONDITION_FAILED'
        | 'URI_TOO_LONG'
        | 'UNSUPPORTED_MEDIA_TYPE'
        | 'RANGE_NOT_SATISFIABLE'
        | 'EXPECTATION_FAILED'
        | 'PRECONDITION_REQUIRED'
        | 'HEADERS_TOO_LARGE'
        | 'CLIENT_ERROR'
        | 'UNAUTHENTICATED'
        | 'SESSION_ENDED'
        | 'FORBIDDEN'
        | 'NOT_FOUND'
        | 'CONFLICT'
        | 'UNPROCESSABLE'
        | 'RATE_LIMITED'
        | 'REPORT_LIMIT_REACHED'
        | 'PAYLOAD_TOO_LARGE'
        | 'SERVICE_UNAVAILABLE'
        | 'REPLY_TOO_LARGE'
        | 'INTERNAL'
        | 'STAFF_NOT_ROSTERED'
        | 'ACCOUNT_INACTIVE'
        | 'OTP_COOLDOWN'
        | 'OTP_NOT_REQUESTED'
        | 'OTP_INCORRECT'
        | 'OTP_LOCKED'
        | 'OTP_EXPIRED'
        | 'OTP_USED'
        | 'OTP_WITHDRAWN'
        | 'SMS_NOT_SENT'
        | 'SSO_REFUSED'
        | 'SSO_REQUIRED';
      /** @description What went wrong, for people: the screens show it as it is. */
      message: string;
      /** @description With a 400: each field that is not valid, and why. */
      details?: {
        path: string;
        message: string;
      }[];
      /** @description With a 429 or 503: seconds until the caller may try again (also `Retry-After`). */
      retryAfterSeconds?: number;
      /** @description With a 409 that says the record exists already (a recall of the same source and reference): its id. */
      existingId?: string;
      /** @description The request's id, also in the X-Request-Id header of every answer: the caller's own X-Request-Id when it is 8 to 64 characters of letters, digits and . _ : -, otherwise a new one. Every log line of the request carries it. */
      requestId?: string;
    };
    /**
     * @example {
     *       "status": "ok",
     *       "checks": {
     *         "postgres": {
     *           "status": "up"
     *         },
     *         "nats": {
     *           "status": "up"
     *         },
     *         "redis": {
     *           "status": "up"
     *         },
     *         "identity": {
     *           "status": "up"
     *         },
     *         "equipment": {
     *           "status": "up"
     *         },
     *         "maintenance": {
     *           "status": "up"
     *         },
     *         "reports": {
     *           "status": "up"
     *         }
     *       }
     *     }
     */
    Health: {
      /** @enum {string} */
      status: 'ok' | 'degraded';
      checks: {
        [key: string]: {
          /** @enum {string} */
          status: 'up' | 'down';
        };
      };
    };
    /**
     * @example {
     *       "status": "degraded",
     *       "checks": {
     *         "postgres": {
     *           "status": "up",
     *           "latencyMs": 3
     *         },
     *         "nats": {
     *           "status": "up",
     *           "latencyMs": 1
     *         },
     *         "redis": {
     *           "status": "up",
     *           "latencyMs": 1
     *         },
     *         "identity": {
     *           "status": "up",
     *           "latencyMs": 4
     *         },
     *         "equipment": {
     *           "status": "up",
     *           "latencyMs": 5
     *         },
     *         "maintenance": {
     *           "status": "down",
     *           "latencyMs": 2000,
     *           "error": "The maintenance service did not answer in time. Please try again."
     *         },
     *         "reports": {
     *           "status": "up",
     *           "latencyMs": 4
     *         }
     *       },
     *       "version": "0.1.0",
     *       "uptimeSeconds": 86400
     *     }
     */
    HealthDetails: {
      /** @enum {string} */
      status: 'ok' | 'degraded';
      checks: {
        [key: string]: {
          /** @enum {string} */
          status: 'up' | 'down';
          latencyMs?: number;
          error?: string;
        };
      };
      version: string;
      uptimeSeconds: number;
    };
    /**
     * @example {
     *       "departments": [
     *         {
     *           "_id": "3a9e6f2b-1c4d-4e8f-a7b6-5c4d3e2f1a0b",
     *           "kind": "department",
     *           "name": "ICU",
     *           "parentId": null,
     *           "retired": false,
     *           "retiredAt": null,
     *           "formerNames": [],
     *           "createdAt": "2025-11-03T08:00:00.000Z",
     *           "updatedAt": "2025-11-03T08:00:00.000Z",
     *           "version": 1,
     *           "wards": [
     *             {
     *               "_id": "5d2c8e1a-7b3f-4a6e-9c0d-1e2f3a4b5c6d",
     *               "kind": "ward",
     *               "name": "Bay C",
     *               "parentId": "3a9e6f2b-1c4d-4e8f-a7b6-5c4d3e2f1a0b",
     *               "retired": false,
     *               "retiredAt": null,
     *               "formerNames": [
     *                 {
     *                   "name": "Bay 3",
     *                   "until": "2026-02-14T10:22:41.005Z"
     *                 }
     *               ],
     *               "createdAt": "2025-11-03T08:00:00.000Z",
     *               "updatedAt": "2026-02-14T10:22:41.005Z",
     *               "version": 2
     *             }
     *           ]
     *         }
     *       ],
     *       "categories": [
     *         {
     *           "_id": "8f7e6d5c-4b3a-4291-8a0b-c1d2e3f4a5b6",
     *           "kind": "category",
     *           "name": "Ventilator",
     *           "parentId": null,
     *           "retired": false,
     *           "retiredAt": null,
     *           "formerNames": [],
     *           "createdAt": "2025-11-03T08:00:00.000Z",
     *           "updatedAt": "2025-11-03T08:00:00.000Z",
     *           "version": 1
     *         }
     *       ]
     *     }
     */
    HospitalLists: {
      departments: components['schemas']['DepartmentEntry'][];
      categories: components['schemas']['ListEntry'][];
    };
    /**
     * @example {
     *       "_id": "f3b9a2d5-6c1e-4a8f-b7d0-2e5c9a1f4b68",
     *       "fileName": "icu-inventory-2026-03.xlsx",
     *       "state": "previewed",
     *       "dateOrder": "DMY",
     *       "dateOrderNote": "Dates were read day first (31/03/2021), as the file writes them.",
     *       "columnsRead": [
     *         "Name",
     *         "Manufacturer",
     *         "Model",
     *         "Serial Number",
     *         "Department",
     *         "Location",
     *         "Installation Date",
     *         "Warranty Expiry",
     *         "Status",
     *         "Category"
     *       ],
     *       "columnsIgnored": [
     *         "Asset Tag"
     *       ],
     *       "rows": 1,
     *       "summary": {
     *         "add": 0,
     *         "update": 1,
     *         "unchanged": 0,
     *         "refused": 0
     *       },
     *       "createdAt": "2026-03-16T10:02:44.518Z",
     *       "expiresAt": "2026-03-17T10:02:44.518Z",
     *       "appliedAt": null,
     *       "applied": null
     *     }
     */
    InventoryImport: {
      _id: string;
      fileName: string;
      /** @enum {string} */
      state: 'previewed' | 'applied';
      /**
       * @description The order ambiguous dates were read in: the one asked for, or the one `auto` found.
       * @enum {string}
       */
      dateOrder: 'DMY' | 'MDY';
      /** @description Why `auto` chose its order, in a sentence the screen shows. */
      dateOrderNote: string;
      /** @description The file's columns the import read, by header. */
      columnsRead: string[];
      /** @description The headers it did not recognise. */
      columnsIgnored: string[];
      rows: number;
      summary: {
        add: number;
        update: number;
        unchanged: number;
        refused: number;
      };
      createdAt: string;
      expiresAt: string;
      appliedAt: string | null;
      /** @description After Apply: what was written (rows refused at Apply, because the inventory changed, are in `summary`). */
      applied: {
        added: number;
        updated: number;
      } | null;
    };
    /**
     * @example {
     *       "line": 2,
     *       "action": "update",
     *       "serialNumber": "BBR-448812",
     *       "name": "Infusion Pump",
     *       "equipmentId": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *       "changes": [
     *         {
     *           "field": "location",
     *           "from": "Bed 4",
     *           "to": "Bed 6"
     *         }
     *       ],
     *       "problems": []
     *     }
     */
    InventoryImportRow: {
      line: number;
      /** @enum {string} */
      action: 'add' | 'update' | 'unchanged' | 'refused';
      serialNumber: string;
      name: string;
      /** @description The device the row updates or leaves unchanged, or (after Apply) the one it added. */
      equipmentId: string | null;
      /** @description For `update`: the fields that change. */
      changes: {
        field: string;
        from: string;
        to: string;
      }[];
      /** @description For `refused`: every reason. */
      problems: {
        cell: string | null;
        column: string | null;
        message: string;
      }[];
    };
    /**
     * @example {
     *       "rows": [
     *         {
     *           "line": 2,
     *           "action": "update",
     *           "serialNumber": "BBR-448812",
     *           "name": "Infusion Pump",
     *           "equipmentId": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *           "changes": [
     *             {
     *               "field": "location",
     *               "from": "Bed 4",
     *               "to": "Bed 6"
     *             }
     *           ],
     *           "problems": []
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 50
     *     }
     */
    InventoryImportRowsPage: {
      rows: components['schemas']['InventoryImportRow'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "id": "7c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
     *       "role": "Engineer",
     *       "hourlyRate": 185,
     *       "from": "2026-01-01",
     *       "until": null,
     *       "addedByLabel": "BME-1001",
     *       "addedAt": "2025-12-15T09:12:00.000Z"
     *     }
     */
    LabourRate: {
      id: string;
      /** @enum {string} */
      role: 'Technician' | 'Engineer' | 'Manager' | 'Admin';
      /** @description The loaded cost of one hour, in the hospital currency. */
      hourlyRate: number;
      /** @description The first day the rate applies (YYYY-MM-DD, the hospital’s date). */
      from: string;
      /** @description The day the role’s next rate starts (the last day of this one is the day before); null for the latest. */
      until: string | null;
      /** @description The service number of the Admin who added it. */
      addedByLabel: string;
      addedAt: string;
    };
    /**
     * @example {
     *       "currency": "GHS",
     *       "inForce": [
     *         {
     *           "id": "7c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
     *           "role": "Engineer",
     *           "hourlyRate": 185,
     *           "from": "2026-01-01",
     *           "until": null,
     *           "addedByLabel": "BME-1001",
     *           "addedAt": "2025-12-15T09:12:00.000Z"
     *         }
     *       ],
     *       "rows": [
     *         {
     *           "id": "7c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
     *           "role": "Engineer",
     *           "hourlyRate": 185,
     *           "from": "2026-01-01",
     *           "until": null,
     *           "addedByLabel": "BME-1001",
     *           "addedAt": "2025-12-15T09:12:00.000Z"
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 50
     *     }
     */
    LabourRatePage: {
      /** @description The hospital currency, null until an Admin sets it. */
      currency: string | null;
      /** @description The rate of each role in force today (roles without one are left out). */
      inForce: components['schemas']['LabourRate'][];
      /** @description A page of the rates, by role, newest first within a role. */
      rows: components['schemas']['LabourRate'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "_id": "5d2c8e1a-7b3f-4a6e-9c0d-1e2f3a4b5c6d",
     *       "kind": "ward",
     *       "name": "Bay C",
     *       "parentId": "3a9e6f2b-1c4d-4e8f-a7b6-5c4d3e2f1a0b",
     *       "retired": false,
     *       "retiredAt": null,
     *       "formerNames": [
     *         {
     *           "name": "Bay 3",
     *           "until": "2026-02-14T10:22:41.005Z"
     *         }
     *       ],
     *       "createdAt": "2025-11-03T08:00:00.000Z",
     *       "updatedAt": "2026-02-14T10:22:41.005Z",
     *       "version": 2
     *     }
     */
    ListEntry: {
      _id: string;
      /** @enum {string} */
      kind: 'department' | 'ward' | 'category';
      name: string;
      /** @description A ward's department; null for departments and categories. */
      parentId: string | null;
      retired: boolean;
      retiredAt: string | null;
      /** @description Older names, newest first (other spellings of the place count among them). */
      formerNames: {
        name: string;
        /** @description When it stopped being the name (ISO 8601). */
        until: string;
      }[];
      createdAt: string;
      updatedAt: string;
      /** @description Optimistic lock: a change sends the version it read and is refused (409) if it moved on. */
      version: number;
    };
    /**
     * @example {
     *       "id": "4d3c2b1a-0f9e-4d8c-b7a6-95847362a1b0",
     *       "kind": "task-assigned",
     *       "topic": "taskUpdates",
     *       "title": "Task assigned to you: Alarm fails self-test",
     *       "body": "Ventilator Hamilton C6 (SN HC6-20417), ICU. Priority High. Assigned by Ama Owusu.",
     *       "link": "/tasks/0b7e4c1a-3f2d-4e5b-9a8c-1d2e3f4a5b6c",
     *       "urgent": false,
     *       "createdAt": "2026-11-29T08:14:03.000Z",
     *       "readAt": null
     *     }
     */
    Notification: {
      id: string;
      /** @enum {string} */
      kind:
        | 'task-assigned'
        | 'task-unassigned'
        | 'reported-task-changed'
        | 'work-certified'
        | 'work-returned'
        | 'awaiting-certification'
        | 'device-status-changed'
        | 'recall-matched'
        | 'safety-test-failed'
        | 'urgent-fault'
        | 'pm-overdue'
        | 'contract-renewal'
        | 'weekly-digest';
      /** @enum {string} */
      topic: 'taskUpdates' | 'inventory' | 'weeklyDigest';
      title: string;
      body: string;
      /** @description The path in the app of the record it is about (a task, a device, a recall). */
      link: string;
      urgent: boolean;
      createdAt: string;
      readAt: string | null;
    };
    /**
     * @example {
     *       "rows": [
     *         {
     *           "id": "4d3c2b1a-0f9e-4d8c-b7a6-95847362a1b0",
     *           "kind": "task-assigned",
     *           "topic": "taskUpdates",
     *           "title": "Task assigned to you: Alarm fails self-test",
     *           "body": "Ventilator Hamilton C6 (SN HC6-20417), ICU. Priority High. Assigned by Ama Owusu.",
     *           "link": "/tasks/0b7e4c1a-3f2d-4e5b-9a8c-1d2e3f4a5b6c",
     *           "urgent": false,
     *           "createdAt": "2026-11-29T08:14:03.000Z",
     *           "readAt": null
     *         }
     *       ],
     *       "unread": 1,
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 20
     *     }
     */
    NotificationPage: {
      rows: components['schemas']['Notification'][];
      /** @description How many of the person’s notifications are unread. */
      unread: number;
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "unread": 0
     *     }
     */
    NotificationUnread: {
      /** @description How many of the person’s notifications are unread. */
      unread: number;
    };
    /**
     * @example {
     *       "id": "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
     *       "department": "ICU",
     *       "engineerId": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
     *       "engineerName": "Kwame Boateng",
     *       "from": "2026-11-29T18:00:00.000Z",
     *       "to": "2026-11-30T08:00:00.000Z"
     *     }
     */
    OnCallShift: {
      id: string;
      department: string;
      engineerId: string;
      /** @description The name when the shift was saved, for display. */
      engineerName: string;
      /** @description When the shift starts (included). */
      from: string;
      /** @description When the shift ends (excluded). */
      to: string;
    };
    /**
     * @example {
     *       "_id": "6d1f8a27-3b4c-4e5d-9f6a-7b8c9d0e1f2a",
     *       "title": "Occlusion alarm does not sound",
     *       "description": "The downstream occlusion alarm stays silent when the line is clamped.",
     *       "status": "In Progress",
     *       "severity": "High",
     *       "createdAt": "2026-03-02T08:12:40.311Z",
     *       "reportedBy": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       },
     *       "assignedTo": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       },
     *       "addedReports": 1
     *     }
     */
    OpenFault: {
      _id: string;
      title: string;
      description: string;
      /** @enum {string} */
      status: 'Pending' | 'In Progress' | 'Completed' | 'Cancelled';
      severity: ('Low' | 'Medium' | 'High' | 'Critical') | null;
      createdAt: string;
      reportedBy: components['schemas']['UserRef'] | null;
      assignedTo: components['schemas']['UserRef'] | null;
      /** @description How many people added their account to it. */
      addedReports: number;
    };
    /**
     * @example {
     *       "faults": [
     *         {
     *           "_id": "6d1f8a27-3b4c-4e5d-9f6a-7b8c9d0e1f2a",
     *           "title": "Occlusion alarm does not sound",
     *           "description": "The downstream occlusion alarm stays silent when the line is clamped.",
     *           "status": "In Progress",
     *           "severity": "High",
     *           "createdAt": "2026-03-02T08:12:40.311Z",
     *           "reportedBy": {
     *             "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *             "name": "Samuel Mensah"
     *           },
     *           "assignedTo": {
     *             "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *             "name": "Samuel Mensah"
     *           },
     *           "addedReports": 1
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 3
     *     }
     */
    OpenFaultPage: {
      faults: components['schemas']['OpenFault'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "message": "A 5-minute code was sent to your registered phone •••• 0142.",
     *       "phoneHint": "•••• 0142",
     *       "expiresInSeconds": 300,
     *       "resendAfterSeconds": 30
     *     }
     */
    OtpSent: {
      message: string;
      /** @description The last digits of the phone the code went to, e.g. "•••• 4821". */
      phoneHint: string;
      expiresInSeconds: number;
      resendAfterSeconds: number;
    };
    /**
     * @example {
     *       "taskId": "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6",
     *       "planId": "9e4c2a71-3b5d-4f8e-a1c6-7d2b0e9f4a13",
     *       "title": "Quarterly ventilator preventive maintenance",
     *       "equipment": {
     *         "_id": "2f6a8d14-9c3b-4e7a-b5d1-0c8e6f4a2b97",
     *         "name": "Ventilator",
     *         "serialNumber": "HAM-C6-20931",
     *         "department": "ICU",
     *         "category": "Ventilator"
     *       },
     *       "dueDate": "2026-01-15",
     *       "daysOverdue": 62,
     *       "status": "In Progress",
     *       "priority": "High",
     *       "interval": "Quarterly",
     *       "assignedTo": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       },
     *       "highRisk": true,
     *       "lifeSupport": true
     *     }
     */
    OverduePm: {
      taskId: string;
      planId: string;
      title: string;
      equipment: components['schemas']['DeviceSnapshot'];
      /** @description YYYY-MM-DD */
      dueDate: string;
      daysOverdue: number;
      /** @enum {string} */
      status: 'Pending' | 'In Progress' | 'Completed' | 'Cancelled';
      /** @enum {string} */
      priority: 'Low' | 'Medium' | 'High' | 'Urgent';
      interval:
        | (
            | 'Daily'
            | 'Weekly'
            | 'Biweekly'
            | 'Monthly'
            | 'Quarterly'
            | 'Biannually'
            | 'Annually'
            | 'Every 2 Years'
          )
        | null;
      assignedTo: components['schemas']['UserRef'] | null;
      highRisk: boolean;
      lifeSupport: boolean;
    };
    /**
     * @example {
     *       "items": [
     *         {
     *           "taskId": "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6",
     *           "planId": "9e4c2a71-3b5d-4f8e-a1c6-7d2b0e9f4a13",
     *           "title": "Quarterly ventilator preventive maintenance",
     *           "equipment": {
     *             "_id": "2f6a8d14-9c3b-4e7a-b5d1-0c8e6f4a2b97",
     *             "name": "Ventilator",
     *             "serialNumber": "HAM-C6-20931",
     *             "department": "ICU",
     *             "category": "Ventilator"
     *           },
     *           "dueDate": "2026-01-15",
     *           "daysOverdue": 62,
     *           "status": "In Progress",
     *           "priority": "High",
     *           "interval": "Quarterly",
     *           "assignedTo": {
     *             "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *             "name": "Samuel Mensah"
     *           },
     *           "highRisk": true,
     *           "lifeSupport": true
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 25,
     *       "today": "2026-03-18"
     *     }
     */
    OverduePmPage: {
      items: components['schemas']['OverduePm'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
      /** @description The day the days overdue are counted to, in the hospital's time zone (YYYY-MM-DD). */
      today: string;
    };
    /**
     * @example {
     *       "from": "2026-03-01",
     *       "to": "2026-03-31",
     *       "today": "2026-03-18",
     *       "department": "ICU",
     *       "category": "",
     *       "overall": {
     *         "due": 42,
     *         "onTime": 30,
     *         "late": 3,
     *         "missed": 1,
     *         "pending": 8,
     *         "rate": 0.8823529411764706
     *       },
     *       "highRisk": {
     *         "due": 18,
     *         "onTime": 14,
     *         "late": 1,
     *         "missed": 0,
     *         "pending": 3,
     *         "rate": 0.9333
     *       },
     *       "lifeSupport": {
     *         "due": 9,
     *         "onTime": 7,
     *         "late": 0,
     *         "missed": 0,
     *         "pending": 2,
     *         "rate": 1
     *       },
     *       "overdue": {
     *         "total": 4
     *       },
     *       "unplanned": {
     *         "total": 2
     *       },
     *       "riskDataAsOf": "2026-03-18T06:00:12.204Z"
     *     }
     */
    PmCompliance: {
      /** @description YYYY-MM-DD */
      from: string;
      /** @description YYYY-MM-DD */
      to: string;
      /** @description The day "today" is taken to be, in the hospital's time zone (YYYY-MM-DD). */
      today: string;
      department: string;
      category: string;
      overall: components['schemas']['ComplianceFigures'];
      highRisk: components['schemas']['ComplianceFigures'];
      lifeSupport: components['schemas']['ComplianceFigures'];
      /** @description How many occurrences are overdue now, whatever their due date (a Technician: of their own work). */
      overdue: {
        total: number;
      };
      /** @description How many devices of the PM program, in use, have no active plan. */
      unplanned: {
        total: number;
      };
      /** @description When the devices' risk flags were last read from the inventory (null: never). */
      riskDataAsOf: string | null;
    };
    /**
     * @example {
     *       "_id": "9e4c2a71-3b5d-4f8e-a1c6-7d2b0e9f4a13",
     *       "equipment": {
     *         "_id": "2f6a8d14-9c3b-4e7a-b5d1-0c8e6f4a2b97",
     *         "name": "Ventilator",
     *         "serialNumber": "HAM-C6-20931",
     *         "department": "ICU",
     *         "category": "Ventilator"
     *       },
     *       "title": "Quarterly ventilator preventive maintenance",
     *       "description": "Replace the inlet filters, check the flow sensor and run the self-test.",
     *       "pmType": "Filter Replacement",
     *       "interval": "Quarterly",
     *       "estimatedHours": 1.5,
     *       "assignedTo": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       },
     *       "priority": "High",
     *       "firstDueDate": "2026-01-15",
     *       "anchorDate": "2026-01-15",
     *       "anchorOccurrence": 0,
     *       "nextOccurrence": 2,
     *       "nextDueDate": "2026-07-15",
     *       "retiredAt": null,
     *       "scheduleBasis": "Manufacturer recommendation",
     *       "justification": null,
     *       "active": true,
     *       "createdAt": "2026-01-05T10:22:07.415Z",
     *       "createdBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "version": 1
     *     }
     */
    PmPlan: {
      _id: string;
      equipment: components['schemas']['DeviceSnapshot'];
      title: string;
      description: string;
      /** @enum {string} */
      pmType:
        'Cleaning' | 'Lubrication' | 'Adjustment' | 'Calibrations' | 'Safety Testing' | 'Filter Replacement';
      /** @enum {string} */
      interval:
        | 'Daily'
        | 'Weekly'
        | 'Biweekly'
        | 'Monthly'
        | 'Quarterly'
        | 'Biannually'
        | 'Annually'
        | 'Every 2 Years';
      estimatedHours: number | null;
      assignedTo: components['schemas']['UserRef'] | null;
      /** @enum {string} */
      priority: 'Low' | 'Medium' | 'High' | 'Urgent';
      /** @description When the first occurrence falls due (YYYY-MM-DD). */
      firstDueDate: string;
      /** @description The schedule after the last change of interval or due date: occurrence `anchorOccurrence` falls due on `anchorDate` (YYYY-MM-DD), and each later one an interval after it. */
      anchorDate: string;
      anchorOccurrence: number;
      /** @description The number of the next occurrence not created yet. */
      nextOccurrence: number;
      /** @description The due date of the next occurrence not created yet (YYYY-MM-DD). */
      nextDueDate: string;
      /** @description When it was retired (no more occurrences), or null while active. */
      retiredAt: string | null;
      /** @enum {string} */
      scheduleBasis: 'Manufacturer recommendation' | 'Alternative maintenance schedule';
      justification: string | null;
      active: boolean;
      createdAt: string;
      createdBy: components['schemas']['UserRef'] | null;
      /** @description Optimistic lock: send it back with a change to refuse overwriting a newer one. */
      version: number;
    };
    /**
     * @example {
     *       "plan": {
     *         "_id": "9e4c2a71-3b5d-4f8e-a1c6-7d2b0e9f4a13",
     *         "equipment": {
     *           "_id": "2f6a8d14-9c3b-4e7a-b5d1-0c8e6f4a2b97",
     *           "name": "Ventilator",
     *           "serialNumber": "HAM-C6-20931",
     *           "department": "ICU",
     *           "category": "Ventilator"
     *         },
     *         "title": "Quarterly ventilator preventive maintenance",
     *         "description": "Replace the inlet filters, check the flow sensor and run the self-test.",
     *         "pmType": "Filter Replacement",
     *         "interval": "Quarterly",
     *         "estimatedHours": 1.5,
     *         "assignedTo": {
     *           "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *           "name": "Samuel Mensah"
     *         },
     *         "priority": "High",
     *         "firstDueDate": "2026-01-15",
     *         "anchorDate": "2026-01-15",
     *         "anchorOccurrence": 0,
     *         "nextOccurrence": 1,
     *         "nextDueDate": "2026-04-15",
     *         "retiredAt": null,
     *         "scheduleBasis": "Manufacturer recommendation",
     *         "justification": null,
     *         "active": true,
     *         "createdAt": "2026-01-05T10:22:07.415Z",
     *         "createdBy": {
     *           "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *           "name": "Grace Okafor"
     *         },
     *         "version": 1
     *       },
     *       "task": {
     *         "_id": "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6",
     *         "title": "Quarterly ventilator preventive maintenance",
     *         "description": "Replace the inlet filters, check the flow sensor and run the self-test.",
     *         "taskType": "Preventive",
     *         "pmType": "Filter Replacement",
     *         "pmInterval": "Quarterly",
     *         "priority": "High",
     *         "assignedTo": {
     *           "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *           "name": "Samuel Mensah"
     *         },
     *         "equipment": {
     *           "_id": "2f6a8d14-9c3b-4e7a-b5d1-0c8e6f4a2b97",
     *           "name": "Ventilator",
     *           "serialNumber": "HAM-C6-20931",
     *           "department": "ICU",
     *           "category": "Ventilator"
     *         },
     *         "dueDate": "2026-01-15",
     *         "status": "Pending",
     *         "createdAt": "2026-01-05T10:22:07.415Z",
     *         "updatedAt": "2026-01-05T10:22:07.415Z",
     *         "createdBy": {
     *           "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *           "name": "Grace Okafor"
     *         },
     *         "updatedBy": {
     *           "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *           "name": "Grace Okafor"
     *         },
     *         "completedDate": null,
     *         "needsCertification": false,
     *         "certified": false,
     *         "certificationEngineer": null,
     *         "certifiedBy": null,
     *         "certifiedAt": null,
     *         "faultDescription": null,
     *         "repairDetails": null,
     *         "comments": null,
     *         "spareParts": [],
     *         "labourHours": null,
     *         "location": null,
     *         "reportedBy": null,
     *         "severity": null,
     *         "plan": {
     *           "_id": "9e4c2a71-3b5d-4f8e-a1c6-7d2b0e9f4a13",
     *           "occurrence": 0
     *         },
     *         "overdue": false,
     *         "version": 1
     *       }
     *     }
     */
    PmPlanCreated: {
      plan: components['schemas']['PmPlan'];
      task: components['schemas']['Task'];
    };
    /**
     * @example {
     *       "plans": [
     *         {
     *           "_id": "9e4c2a71-3b5d-4f8e-a1c6-7d2b0e9f4a13",
     *           "equipment": {
     *             "_id": "2f6a8d14-9c3b-4e7a-b5d1-0c8e6f4a2b97",
     *             "name": "Ventilator",
     *             "serialNumber": "HAM-C6-20931",
     *             "department": "ICU",
     *             "category": "Ventilator"
     *           },
     *           "title": "Quarterly ventilator preventive maintenance",
     *           "description": "Replace the inlet filters, check the flow sensor and run the self-test.",
     *           "pmType": "Filter Replacement",
     *           "interval": "Quarterly",
     *           "estimatedHours": 1.5,
     *           "assignedTo": {
     *             "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *             "name": "Samuel Mensah"
     *           },
     *           "priority": "High",
     *           "firstDueDate": "2026-01-15",
     *           "anchorDate": "2026-01-15",
     *           "anchorOccurrence": 0,
     *           "nextOccurrence": 2,
     *           "nextDueDate": "2026-07-15",
     *           "retiredAt": null,
     *           "scheduleBasis": "Manufacturer recommendation",
     *           "justification": null,
     *           "active": true,
     *           "createdAt": "2026-01-05T10:22:07.415Z",
     *           "createdBy": {
     *             "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *             "name": "Grace Okafor"
     *           },
     *           "version": 1
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 8
     *     }
     */
    PmPlanPage: {
      plans: components['schemas']['PmPlan'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "status": "ok"
     *     }
     */
    Readiness: {
      /** @enum {string} */
      status: 'ok' | 'unavailable';
    };
    /**
     * @example {
     *       "_id": "4e6d2f9a-8b1c-4d3e-a5f6-7a8b9c0d1e2f",
     *       "source": "FDA",
     *       "sourceReference": "Z-1234-2026",
     *       "title": "Infusomat Space: free-flow risk when the pump door is opened during infusion",
     *       "manufacturer": "B. Braun",
     *       "models": [
     *         "Infusomat Space"
     *       ],
     *       "publishedOn": "2026-02-20",
     *       "state": "open",
     *       "affected": 3,
     *       "closed": 1,
     *       "createdAt": "2026-02-23T08:41:17.322Z",
     *       "closedAt": null,
     *       "serialNumbers": [
     *         "BBR-448812"
     *       ],
     *       "serialRanges": [
     *         {
     *           "from": "BBR-448900",
     *           "to": "BBR-448999"
     *         }
     *       ],
     *       "lotNumbers": [],
     *       "udiDi": "04046964000000",
     *       "hazard": "If the pump door is opened while an infusion runs, the anti-free-flow clamp may fail to close.",
     *       "actionRequired": "Install software 2.3.1 and check the anti-free-flow clamp on each affected pump.",
     *       "createdBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "updatedBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "closingDecision": null,
     *       "duplicateOf": null,
     *       "version": 1
     *     }
     */
    Recall: {
      _id: string;
      /** @enum {string} */
      source: 'FDA' | 'MHRA' | 'Manufacturer' | 'Other';
      sourceReference: string;
      title: string;
      manufacturer: string;
      models: string[];
      /** @description YYYY-MM-DD */
      publishedOn: string;
      /** @enum {string} */
      state: 'open' | 'closed';
      /** @description Devices the notice found. */
      affected: number;
      /** @description How many of their actions are closed. */
      closed: number;
      createdAt: string;
      closedAt: string | null;
      serialNumbers: string[];
      serialRanges: {
        from: string;
        to: string;
      }[];
      lotNumbers: string[];
      /** @description The GS1 device identifier (GTIN, 14 digits), or null. */
      udiDi: string | null;
      hazard: string;
      actionRequired: string;
      createdBy: components['schemas']['UserRef'] | null;
      updatedBy: components['schemas']['UserRef'] | null;
      /** @description Why a notice without open actions was closed by hand (null when its devices closed it). */
      closingDecision: string | null;
      /** @description The notice recorded first with the same source and reference, when this one repeats it (a notice saved twice before a reference was recorded once). */
      duplicateOf: string | null;
      /** @description Optimistic lock: send it back with an edit or a closing. */
      version: number;
    };
    /**
     * @example {
     *       "_id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *       "recallId": "4e6d2f9a-8b1c-4d3e-a5f6-7a8b9c0d1e2f",
     *       "device": {
     *         "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *         "name": "Infusion Pump",
     *         "serialNumber": "BBR-448812",
     *         "model": "Infusomat Space",
     *         "department": "ICU",
     *         "status": "Serviceable",
     *         "present": true
     *       },
     *       "matched": {
     *         "manufacturer": "B. Braun",
     *         "model": "Infusomat Space",
     *         "serialNumber": "BBR-448812",
     *         "lotNumber": null
     *       },
     *       "stillMatches": true,
     *       "foundAt": "2026-02-23T08:41:17.322Z",
     *       "state": "closed",
     *       "closedWith": "task",
     *       "taskId": "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f",
     *       "decision": null,
     *       "closedAt": "2026-02-25T14:05:09.871Z",
     *       "closedBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "version": 2
     *     }
     */
    RecallAction: {
      _id: string;
      recallId: string;
      device: {
        _id: string;
        name: string;
        serialNumber: string;
        model: string;
        department: string;
        /** @enum {string} */
        status: 'Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned';
        /** @description False when the device was deleted from the inventory since. */
        present: boolean;
      };
      /** @description The device as it was when the notice found it. */
      matched: {
        manufacturer: string;
        model: string;
        serialNumber: string;
        lotNumber: string | null;
      };
      /** @description False when the device no longer matches the notice (edited since): it stays, closable by a decision. */
      stillMatches: boolean;
      foundAt: string;
      /** @enum {string} */
      state: 'open' | 'closed';
      closedWith: ('task' | 'decision') | null;
      taskId: string | null;
      decision: string | null;
      closedAt: string | null;
      closedBy: components['schemas']['UserRef'] | null;
      version: number;
    };
    /**
     * @example {
     *       "actions": [
     *         {
     *           "_id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *           "recallId": "4e6d2f9a-8b1c-4d3e-a5f6-7a8b9c0d1e2f",
     *           "device": {
     *             "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *             "name": "Infusion Pump",
     *             "serialNumber": "BBR-448812",
     *             "model": "Infusomat Space",
     *             "department": "ICU",
     *             "status": "Serviceable",
     *             "present": true
     *           },
     *           "matched": {
     *             "manufacturer": "B. Braun",
     *             "model": "Infusomat Space",
     *             "serialNumber": "BBR-448812",
     *             "lotNumber": null
     *           },
     *           "stillMatches": true,
     *           "foundAt": "2026-02-23T08:41:17.322Z",
     *           "state": "closed",
     *           "closedWith": "task",
     *           "taskId": "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f",
     *           "decision": null,
     *           "closedAt": "2026-02-25T14:05:09.871Z",
     *           "closedBy": {
     *             "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *             "name": "Grace Okafor"
     *           },
     *           "version": 2
     *         }
     *       ],
     *       "total": 3,
     *       "page": 2,
     *       "pages": 2,
     *       "limit": 2
     *     }
     */
    RecallActionPage: {
      actions: components['schemas']['RecallAction'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "recalls": [
     *         {
     *           "_id": "4e6d2f9a-8b1c-4d3e-a5f6-7a8b9c0d1e2f",
     *           "source": "FDA",
     *           "sourceReference": "Z-1234-2026",
     *           "title": "Infusomat Space: free-flow risk when the pump door is opened during infusion",
     *           "manufacturer": "B. Braun",
     *           "models": [
     *             "Infusomat Space"
     *           ],
     *           "publishedOn": "2026-02-20",
     *           "state": "open",
     *           "affected": 3,
     *           "closed": 1,
     *           "createdAt": "2026-02-23T08:41:17.322Z",
     *           "closedAt": null
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 20,
     *       "open": 1,
     *       "openActions": 2
     *     }
     */
    RecallPage: {
      recalls: components['schemas']['RecallSummary'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
      /** @description Open notices in the whole list, for the heading. */
      open: number;
      /** @description Open actions of all the notices, for the heading. */
      openActions: number;
    };
    /**
     * @example {
     *       "total": 1,
     *       "devices": [
     *         {
     *           "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *           "name": "Infusion Pump",
     *           "serialNumber": "BBR-448812",
     *           "model": "Infusomat Space",
     *           "department": "ICU"
     *         }
     *       ],
     *       "warning": null
     *     }
     */
    RecallPreview: {
      /** @description Every device the notice finds. */
      total: number;
      /** @description The first 50, in name order. */
      devices: {
        _id: string;
        name: string;
        serialNumber: string;
        model: string;
        department: string;
      }[];
      /** @description Said when the notice lists neither serial numbers nor lots (it names every device of its models). */
      warning: string | null;
    };
    /**
     * @example {
     *       "_id": "4e6d2f9a-8b1c-4d3e-a5f6-7a8b9c0d1e2f",
     *       "source": "FDA",
     *       "sourceReference": "Z-1234-2026",
     *       "title": "Infusomat Space: free-flow risk when the pump door is opened during infusion",
     *       "manufacturer": "B. Braun",
     *       "models": [
     *         "Infusomat Space"
     *       ],
     *       "publishedOn": "2026-02-20",
     *       "state": "open",
     *       "affected": 3,
     *       "closed": 1,
     *       "createdAt": "2026-02-23T08:41:17.322Z",
     *       "closedAt": null
     *     }
     */
    RecallSummary: {
      _id: string;
      /** @enum {string} */
      source: 'FDA' | 'MHRA' | 'Manufacturer' | 'Other';
      sourceReference: string;
      title: string;
      manufacturer: string;
      models: string[];
      /** @description YYYY-MM-DD */
      publishedOn: string;
      /** @enum {string} */
      state: 'open' | 'closed';
      /** @description Devices the notice found. */
      affected: number;
      /** @description How many of their actions are closed. */
      closed: number;
      createdAt: string;
      closedAt: string | null;
    };
    /**
     * @example {
     *       "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b"
     *     }
     */
    Removed: {
      /** @description The id of the record removed. */
      _id: string;
    };
    /**
     * @example {
     *       "_id": "2f1e0d9c-8b7a-4654-9321-0fedcba98765",
     *       "reports": [
     *         "equipmentStatus",
     *         "downtimeAnalysis"
     *       ],
     *       "format": "pdf",
     *       "state": "done",
     *       "progress": 100,
     *       "stage": null,
     *       "failure": null,
     *       "attempts": 1,
     *       "fileName": "cmms-report-1772531205114.pdf",
     *       "fileSize": 184322,
     *       "filters": {
     *         "dateFrom": "2026-02-01",
     *         "dateTo": "2026-02-28",
     *         "departments": [
     *           "ICU"
     *         ],
     *         "categories": [
     *           "Ventilator",
     *           "Infusion Pump"
     *         ],
     *         "staff": null
     *       },
     *       "requestedBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "scheduleId": null,
     *       "emailTo": null,
     *       "emailedAt": null,
     *       "createdAt": "2026-03-03T09:46:45.114Z",
     *       "finishedAt": "2026-03-03T09:46:49.870Z",
     *       "expiresAt": "2026-03-10T09:46:49.870Z"
     *     }
     */
    ReportJob: {
      _id: string;
      reports: (
        | 'equipmentStatus'
        | 'taskManagement'
        | 'preventiveVsCorrective'
        | 'staffPerformance'
        | 'inventorySpareParts'
        | 'downtimeAnalysis'
        | 'financialCost'
        | 'complianceAudit'
        | 'costOfService'
      )[];
      /** @enum {string} */
      format: 'pdf' | 'xlsx' | 'docx';
      /** @enum {string} */
      state: 'queued' | 'running' | 'done' | 'failed' | 'expired';
      /** @description 0 to 100. */
      progress: number;
      /** @description What the worker is doing ("Downtime analysis", "Writing the file"), or why it failed. */
      stage: string | null;
      failure: string | null;
      attempts: number;
      fileName: string | null;
      /** @description Bytes. */
      fileSize: number | null;
      filters: {
        /** @description YYYY-MM-DD */
        dateFrom: string;
        /** @description YYYY-MM-DD */
        dateTo: string;
        /** @description Empty for every department. */
        departments: string[];
        /** @description Empty for every category. */
        categories: string[];
        /** @description One member of staff (their id) for the staff figures, or null for everyone. */
        staff: string | null;
      };
      requestedBy: {
        _id: string;
        name: string;
      };
      /** @description The schedule that made it, when it was not asked for by hand. */
      scheduleId: string | null;
      emailTo: string | null;
      /** @description When the e-mail was accepted by the mail server, or null. */
      emailedAt: string | null;
      createdAt: string;
      finishedAt: string | null;
      /** @description When the file is deleted. */
      expiresAt: string | null;
    };
    /**
     * @example {
     *       "jobs": [
     *         {
     *           "_id": "2f1e0d9c-8b7a-4654-9321-0fedcba98765",
     *           "reports": [
     *             "equipmentStatus",
     *             "downtimeAnalysis"
     *           ],
     *           "format": "pdf",
     *           "state": "done",
     *           "progress": 100,
     *           "stage": null,
     *           "failure": null,
     *           "attempts": 1,
     *           "fileName": "cmms-report-1772531205114.pdf",
     *           "fileSize": 184322,
     *           "filters": {
     *             "dateFrom": "2026-02-01",
     *             "dateTo": "2026-02-28",
     *             "departments": [
     *               "ICU"
     *             ],
     *             "categories": [
     *               "Ventilator",
     *               "Infusion Pump"
     *             ],
     *             "staff": null
     *           },
     *           "requestedBy": {
     *             "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *             "name": "Grace Okafor"
     *           },
     *           "scheduleId": null,
     *           "emailTo": null,
     *           "emailedAt": null,
     *           "createdAt": "2026-03-03T09:46:45.114Z",
     *           "finishedAt": "2026-03-03T09:46:49.870Z",
     *           "expiresAt": "2026-03-10T09:46:49.870Z"
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1
     *     }
     */
    ReportJobPage: {
      jobs: components['schemas']['ReportJob'][];
      /** @description How many reports the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
    };
    /**
     * @example {
     *       "fileUrl": "/reports/jobs/2f1e0d9c-8b7a-4654-9321-0fedcba98765",
     *       "jobId": "2f1e0d9c-8b7a-4654-9321-0fedcba98765",
     *       "scheduleId": null
     *     }
     */
    ReportQueued: {
      /** @description The report's page, which follows it live and downloads it when done; `/reports` when only a schedule was asked for. */
      fileUrl: string;
      /** @description The report's id; empty when only a schedule was asked for (nothing is written now). */
      jobId: string;
      /** @description The schedule made with it, when one was asked for. */
      scheduleId: string | null;
    };
    /**
     * @example {
     *       "_id": "6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d",
     *       "reports": [
     *         "complianceAudit"
     *       ],
     *       "format": "xlsx",
     *       "frequency": "monthly",
     *       "departments": [
     *         "ICU",
     *         "Theatre"
     *       ],
     *       "categories": [],
     *       "emailTo": "biomed@hospital.example",
     *       "owner": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "nextRunAt": "2026-04-01T06:00:00.000Z",
     *       "lastRunAt": "2026-03-01T06:00:02.417Z",
     *       "createdAt": "2026-01-12T11:20:31.650Z"
     *     }
     */
    ReportSchedule: {
      _id: string;
      reports: (
        | 'equipmentStatus'
        | 'taskManagement'
        | 'preventiveVsCorrective'
        | 'staffPerformance'
        | 'inventorySpareParts'
        | 'downtimeAnalysis'
        | 'financialCost'
        | 'complianceAudit'
        | 'costOfService'
      )[];
      /** @enum {string} */
      format: 'pdf' | 'xlsx' | 'docx';
      /**
       * @description Each run covers the calendar week, month or quarter before it (Monday 06:00, the 1st, the quarter's 1st).
       * @enum {string}
       */
      frequency: 'weekly' | 'monthly' | 'quarterly';
      departments: string[];
      categories: string[];
      emailTo: string | null;
      owner: {
        _id: string;
        name: string;
      };
      nextRunAt: string | null;
      lastRunAt: string | null;
      createdAt: string;
    };
    /**
     * @example {
     *       "schedules": [
     *         {
     *           "_id": "6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d",
     *           "reports": [
     *             "complianceAudit"
     *           ],
     *           "format": "xlsx",
     *           "frequency": "monthly",
     *           "departments": [
     *             "ICU",
     *             "Theatre"
     *           ],
     *           "categories": [],
     *           "emailTo": "biomed@hospital.example",
     *           "owner": {
     *             "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *             "name": "Grace Okafor"
     *           },
     *           "nextRunAt": "2026-04-01T06:00:00.000Z",
     *           "lastRunAt": "2026-03-01T06:00:02.417Z",
     *           "createdAt": "2026-01-12T11:20:31.650Z"
     *         }
     *       ]
     *     }
     */
    ReportScheduleList: {
      schedules: components['schemas']['ReportSchedule'][];
    };
    /**
     * @example {
     *       "function": 9,
     *       "physicalRisk": 4,
     *       "maintenance": 4,
     *       "incidentHistory": 0,
     *       "total": 17,
     *       "riskClass": "High",
     *       "highRisk": true,
     *       "lifeSupport": false,
     *       "inPmProgram": true,
     *       "assessedAt": "2026-01-08T09:20:45.310Z",
     *       "assessedBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       }
     *     }
     */
    RiskAssessment: {
      function: number;
      physicalRisk: number;
      maintenance: number;
      incidentHistory: number;
      total: number;
      /** @enum {string} */
      riskClass: 'High' | 'Medium' | 'Low';
      highRisk: boolean;
      lifeSupport: boolean;
      inPmProgram: boolean;
      assessedAt: string;
      assessedBy: {
        _id: string;
        name: string;
      } | null;
    };
    /**
     * @example {
     *       "rows": [
     *         {
     *           "line": 2,
     *           "serviceNumber": "BME-1077",
     *           "name": "Tomas Reyes",
     *           "action": "add",
     *           "changes": [],
     *           "errors": []
     *         },
     *         {
     *           "line": 3,
     *           "serviceNumber": "BME-1042",
     *           "name": "Grace Okafor",
     *           "action": "change",
     *           "changes": [
     *             "department"
     *           ],
     *           "errors": []
     *         },
     *         {
     *           "line": 4,
     *           "serviceNumber": "",
     *           "name": "Lena Fischer",
     *           "action": "refused",
     *           "changes": [],
     *           "errors": [
     *             "Service number is required."
     *           ]
     *         }
     *       ],
     *       "summary": {
     *         "add": 1,
     *         "change": 1,
     *         "unchanged": 0,
     *         "refused": 1
     *       }
     *     }
     */
    RosterImportPreview: {
      rows: {
        /** @description The row in the file (the header is line 1). */
        line: number;
        serviceNumber: string;
        name: string;
        /** @enum {string} */
        action: 'add' | 'change' | 'unchanged' | 'refused';
        /** @description For `change`: the fields that change. */
        changes: string[];
        /** @description For `refused`: every reason, each a sentence. */
        errors: string[];
      }[];
      /** @description How many rows of each action. */
      summary: {
        add: number;
        change: number;
        unchanged: number;
        refused: number;
      };
    };
    /**
     * @example {
     *       "rows": [
     *         {
     *           "line": 2,
     *           "serviceNumber": "BME-1077",
     *           "name": "Tomas Reyes",
     *           "action": "add",
     *           "changes": [],
     *           "errors": []
     *         },
     *         {
     *           "line": 3,
     *           "serviceNumber": "BME-1042",
     *           "name": "Grace Okafor",
     *           "action": "change",
     *           "changes": [
     *             "department"
     *           ],
     *           "errors": []
     *         },
     *         {
     *           "line": 4,
     *           "serviceNumber": "",
     *           "name": "Lena Fischer",
     *           "action": "refused",
     *           "changes": [],
     *           "errors": [
     *             "Service number is required."
     *           ]
     *         }
     *       ],
     *       "summary": {
     *         "add": 1,
     *         "change": 1,
     *         "unchanged": 0,
     *         "refused": 1
     *       },
     *       "applied": {
     *         "added": 1,
     *         "changed": 1
     *       }
     *     }
     */
    RosterImportResult: {
      rows: {
        /** @description The row in the file (the header is line 1). */
        line: number;
        serviceNumber: string;
        name: string;
        /** @enum {string} */
        action: 'add' | 'change' | 'unchanged' | 'refused';
        /** @description For `change`: the fields that change. */
        changes: string[];
        /** @description For `refused`: every reason, each a sentence. */
        errors: string[];
      }[];
      /** @description How many rows of each action. */
      summary: {
        add: number;
        change: number;
        unchanged: number;
        refused: number;
      };
      applied: {
        added: number;
        changed: number;
      };
    };
    /**
     * @example {
     *       "result": "Pass",
     *       "measurements": [
     *         {
     *           "key": "protectiveEarth",
     *           "label": "Protective earth resistance",
     *           "value": 0.12,
     *           "unit": "Ω",
     *           "limit": {
     *             "id": "peWithCord",
     *             "measurement": "protectiveEarth",
     *             "appliesTo": "Class I, measured from the mains plug (with the power cord)",
     *             "max": 0.3,
     *             "unit": "Ω",
     *             "binding": true,
     *             "source": "IEC 62353:2014, 5.3.2 (measurement of protective earth resistance)"
     *           },
     *           "verdict": "Pass"
     *         },
     *         {
     *           "key": "insulation",
     *           "label": "Insulation resistance",
     *           "value": 250,
     *           "unit": "MΩ",
     *           "limit": {
     *             "id": "insulationI",
     *             "measurement": "insulation",
     *             "appliesTo": "Class I, mains parts to protective earth",
     *             "min": 2,
     *             "unit": "MΩ",
     *             "binding": false,
     *             "source": "Common practice, not IEC 62353 (which sets no insulation limit): the minimum many safety analysers and service manuals apply, after IEC 60601-1 and IEC 61010 test practice"
     *           },
     *           "verdict": "Pass"
     *         },
     *         {
     *           "key": "equipmentLeakage",
     *           "label": "Equipment leakage",
     *           "value": 180,
     *           "unit": "µA",
     *           "limit": {
     *             "id": "equipmentAlternativeI",
     *             "measurement": "equipmentLeakage",
     *             "appliesTo": "Class I, alternative method",
     *             "max": 1000,
     *             "unit": "µA",
     *             "binding": true,
     *             "source": "IEC 62353:2014, Table 2 (allowable values for leakage currents)"
     *           },
     *           "verdict": "Pass"
     *         },
     *         {
     *           "key": "appliedPart:Patient circuit",
     *           "label": "Applied part leakage, Patient circuit (BF)",
     *           "value": 12,
     *           "unit": "µA",
     *           "limit": {
     *             "id": "appliedPartBF",
     *             "measurement": "appliedPartLeakage",
     *             "appliesTo": "Type BF applied part, alternative or direct method",
     *             "max": 5000,
     *             "unit": "µA",
     *             "binding": true,
     *             "source": "IEC 62353:2014, Table 2 (allowable values for leakage currents)"
     *           },
     *           "verdict": "Pass"
     *         }
     *       ],
     *       "failed": []
     *     }
     */
    SafetyEvaluation: {
      /** @enum {string} */
      result: 'Pass' | 'Fail';
      measurements: components['schemas']['SafetyMeasurement'][];
      /** @description The labels of what failed, the visual inspection included: "Equipment leakage". */
      failed: string[];
    };
    /**
     * @example {
     *       "format": "fluke-ansur",
     *       "formatName": "Fluke Biomedical ESA615 / Ansur (modelled)",
     *       "rows": [
     *         {
     *           "line": 2,
     *           "serialNumber": "BBR-448812",
     *           "outcome": "import",
     *           "reason": null,
     *           "equipment": {
     *             "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *             "name": "Infusion Pump",
     *             "serialNumber": "BBR-448812",
     *             "department": "ICU",
     *             "category": "Infusion Pump"
     *           },
     *           "testedOn": "2026-03-05",
     *           "result": "Pass",
     *           "analyserResult": "Pass",
     *           "disagrees": false,
     *           "failed": [],
     *           "testId": "e2f4a6c8-1b3d-4f5a-8c7e-9d0b2a4c6e81",
     *           "repairTaskId": null
     *         }
     *       ],
     *       "importable": 1,
     *       "refused": 0,
     *       "failing": 0,
     *       "imported": 1,
     *       "repairTasks": 0
     *     }
     */
    SafetyImportApplied: {
      format: string;
      formatName: string;
      rows: components['schemas']['SafetyImportRow'][];
      importable: number;
      refused: number;
      failing: number;
      imported: number;
      repairTasks: number;
    };
    /**
     * @example {
     *       "format": "fluke-ansur",
     *       "formatName": "Fluke Biomedical ESA615 / Ansur (modelled)",
     *       "rows": [
     *         {
     *           "line": 2,
     *           "serialNumber": "BBR-448812",
     *           "outcome": "import",
     *           "reason": null,
     *           "equipment": {
     *             "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *             "name": "Infusion Pump",
     *             "serialNumber": "BBR-448812",
     *             "department": "ICU",
     *             "category": "Infusion Pump"
     *           },
     *           "testedOn": "2026-03-05",
     *           "result": "Pass",
     *           "analyserResult": "Pass",
     *           "disagrees": false,
     *           "failed": []
     *         }
     *       ],
     *       "importable": 1,
     *       "refused": 0,
     *       "failing": 0
     *     }
     */
    SafetyImportPreview: {
      format: string;
      formatName: string;
      rows: components['schemas']['SafetyImportRow'][];
      importable: number;
      refused: number;
      failing: number;
    };
    /**
     * @example {
     *       "line": 2,
     *       "serialNumber": "BBR-448812",
     *       "outcome": "import",
     *       "reason": null,
     *       "equipment": {
     *         "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *         "name": "Infusion Pump",
     *         "serialNumber": "BBR-448812",
     *         "department": "ICU",
     *         "category": "Infusion Pump"
     *       },
     *       "testedOn": "2026-03-05",
     *       "result": "Pass",
     *       "analyserResult": "Pass",
     *       "disagrees": false,
     *       "failed": []
     *     }
     */
    SafetyImportRow: {
      line: number;
      serialNumber: string | null;
      /** @enum {string} */
      outcome: 'import' | 'refused';
      /** @description Why it is refused: no such device, ambiguous, a duplicate, an unreadable or missing value. */
      reason: string | null;
      equipment: components['schemas']['DeviceSnapshot'] | null;
      testedOn: string | null;
      result: ('Pass' | 'Fail') | null;
      analyserResult: ('Pass' | 'Fail') | null;
      /** @description The analyser's verdict differs from the one computed from the standard's limits. */
      disagrees: boolean;
      failed: string[];
      /** @description After apply: the test written. */
      testId?: string;
      /** @description After apply: the test's Repair task. */
      repairTaskId?: string | null;
    };
    /**
     * @example {
     *       "id": "peWithCord",
     *       "measurement": "protectiveEarth",
     *       "appliesTo": "Class I, measured from the mains plug (with the power cord)",
     *       "max": 0.3,
     *       "unit": "Ω",
     *       "binding": true,
     *       "source": "IEC 62353:2014, 5.3.2 (measurement of protective earth resistance)"
     *     }
     */
    SafetyLimit: {
      id: string;
      /** @enum {string} */
      measurement: 'protectiveEarth' | 'insulation' | 'equipmentLeakage' | 'appliedPartLeakage';
      /** @description Plain words for whom it applies: "Class I, measured with the mains cord". */
      appliesTo: string;
      /** @description The measured value must be at most `max` (resistance to earth, leakage). */
      max?: number;
      /** @description The measured value must be at least `min` (insulation). */
      min?: number;
      /** @enum {string} */
      unit: 'Ω' | 'MΩ' | 'µA';
      binding: boolean;
      source: string;
    };
    /**
     * @example {
     *       "key": "protectiveEarth",
     *       "label": "Protective earth resistance",
     *       "value": 0.12,
     *       "unit": "Ω",
     *       "limit": {
     *         "id": "peWithCord",
     *         "measurement": "protectiveEarth",
     *         "appliesTo": "Class I, measured from the mains plug (with the power cord)",
     *         "max": 0.3,
     *         "unit": "Ω",
     *         "binding": true,
     *         "source": "IEC 62353:2014, 5.3.2 (measurement of protective earth resistance)"
     *       },
     *       "verdict": "Pass"
     *     }
     */
    SafetyMeasurement: {
      /** @description 'protectiveEarth', 'insulation', 'equipmentLeakage' or 'appliedPart:<name>'. */
      key: string;
      label: string;
      value: number | null;
      /** @enum {string} */
      unit: 'Ω' | 'MΩ' | 'µA';
      limit: components['schemas']['SafetyLimit'] | null;
      /** @enum {string} */
      verdict: 'Pass' | 'Fail' | 'Below guidance' | 'Not applicable';
      /**
       * @description The analyser wrote the value as a bound: `>` more than it, `<` less than it.
       * @enum {string}
       */
      bound?: '>' | '<';
    };
    /**
     * @example {
     *       "_id": "6d3f1a92-7b4e-4c58-9a0d-3e2f1b8c7a64",
     *       "testedOn": "2026-03-10",
     *       "testerName": "Samuel Mensah",
     *       "instrument": "Fluke ESA615",
     *       "instrumentCalibratedOn": "2025-11-20",
     *       "protectionClass": "I",
     *       "leakageMethod": "alternative",
     *       "appliedPartMethod": "alternative",
     *       "peWithCord": true,
     *       "protectiveEarthOhm": 0.12,
     *       "insulationMegaohm": 250,
     *       "equipmentLeakageMicroamp": 180,
     *       "appliedParts": [
     *         {
     *           "name": "Patient circuit",
     *           "type": "BF",
     *           "leakageMicroamp": 12
     *         }
     *       ],
     *       "visualInspection": "Pass",
     *       "notes": "",
     *       "equipment": {
     *         "_id": "2f6a8d14-9c3b-4e7a-b5d1-0c8e6f4a2b97",
     *         "name": "Ventilator",
     *         "serialNumber": "HAM-C6-20931",
     *         "department": "ICU",
     *         "category": "Ventilator"
     *       },
     *       "result": "Pass",
     *       "evaluation": {
     *         "result": "Pass",
     *         "measurements": [
     *           {
     *             "key": "protectiveEarth",
     *             "label": "Protective earth resistance",
     *             "value": 0.12,
     *             "unit": "Ω",
     *             "limit": {
     *               "id": "peWithCord",
     *               "measurement": "protectiveEarth",
     *               "appliesTo": "Class I, measured from the mains plug (with the power cord)",
     *               "max": 0.3,
     *               "unit": "Ω",
     *               "binding": true,
     *               "source": "IEC 62353:2014, 5.3.2 (measurement of protective earth resistance)"
     *             },
     *             "verdict": "Pass"
     *           },
     *           {
     *             "key": "insulation",
     *             "label": "Insulation resistance",
     *             "value": 250,
     *             "unit": "MΩ",
     *             "limit": {
     *               "id": "insulationI",
     *               "measurement": "insulation",
     *               "appliesTo": "Class I, mains parts to protective earth",
     *               "min": 2,
     *               "unit": "MΩ",
     *               "binding": false,
     *               "source": "Common practice, not IEC 62353 (which sets no insulation limit): the minimum many safety analysers and service manuals apply, after IEC 60601-1 and IEC 61010 test practice"
     *             },
     *             "verdict": "Pass"
     *           },
     *           {
     *             "key": "equipmentLeakage",
     *             "label": "Equipment leakage",
     *             "value": 180,
     *             "unit": "µA",
     *             "limit": {
     *               "id": "equipmentAlternativeI",
     *               "measurement": "equipmentLeakage",
     *               "appliesTo": "Class I, alternative method",
     *               "max": 1000,
     *               "unit": "µA",
     *               "binding": true,
     *               "source": "IEC 62353:2014, Table 2 (allowable values for leakage currents)"
     *             },
     *             "verdict": "Pass"
     *           },
     *           {
     *             "key": "appliedPart:Patient circuit",
     *             "label": "Applied part leakage, Patient circuit (BF)",
     *             "value": 12,
     *             "unit": "µA",
     *             "limit": {
     *               "id": "appliedPartBF",
     *               "measurement": "appliedPartLeakage",
     *               "appliesTo": "Type BF applied part, alternative or direct method",
     *               "max": 5000,
     *               "unit": "µA",
     *               "binding": true,
     *               "source": "IEC 62353:2014, Table 2 (allowable values for leakage currents)"
     *             },
     *             "verdict": "Pass"
     *           }
     *         ],
     *         "failed": []
     *       },
     *       "source": "form",
     *       "analyserResult": null,
     *       "repairTask": null,
     *       "recordedBy": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       },
     *       "recordedAt": "2026-03-10T11:42:09.817Z"
     *     }
     */
    SafetyTest: {
      _id: string;
      equipment: components['schemas']['DeviceSnapshot'];
      /** @description YYYY-MM-DD */
      testedOn: string;
      testerName: string;
      instrument: string;
      /** @description YYYY-MM-DD */
      instrumentCalibratedOn: string | null;
      /** @enum {string} */
      protectionClass: 'I' | 'II' | 'Internally powered';
      /** @enum {string} */
      leakageMethod: 'alternative' | 'direct' | 'differential';
      /** @enum {string} */
      appliedPartMethod: 'alternative' | 'direct';
      /** @description Protective earth measured from the mains plug with the cord (0.3 Ω), or from the inlet (0.2 Ω). */
      peWithCord: boolean;
      /** @description Ω */
      protectiveEarthOhm: number | null;
      /** @description MΩ */
      insulationMegaohm: number | null;
      /** @description µA */
      equipmentLeakageMicroamp: number | null;
      appliedParts: {
        name: string;
        /** @enum {string} */
        type: 'B' | 'BF' | 'CF';
        /** @description µA */
        leakageMicroamp: number | null;
      }[];
      /** @enum {string} */
      visualInspection: 'Pass' | 'Fail';
      notes: string;
      /** @enum {string} */
      result: 'Pass' | 'Fail';
      evaluation: components['schemas']['SafetyEvaluation'];
      /** @description `form`, or the id of the analyser format it was imported from (`caliber-csv`, `fluke-ansur`, `rigel-medebase`, …). */
      source: string;
      /** @description An imported analyser's own verdict, kept beside the computed one (null: none given). */
      analyserResult: ('Pass' | 'Fail') | null;
      repairTask: {
        _id: string;
        title: string;
      } | null;
      recordedBy: {
        _id: string | null;
        name: string;
      };
      recordedAt: string;
    };
    /**
     * @example {
     *       "planId": "b8e1d4c7-2a5f-4e3b-9d6c-0f7a8e2b1c35",
     *       "planTitle": "Annual electrical safety test (IEC 62353)",
     *       "dueDate": "2027-03-10",
     *       "overdue": false,
     *       "taskToComplete": null
     *     }
     */
    SafetyTestDue: {
      planId: string;
      planTitle: string;
      /** @description YYYY-MM-DD */
      dueDate: string;
      overdue: boolean;
      /** @description The plan's open PM task when a test has been recorded since it was created: recording a test does not complete the task, so the due date moves only when someone completes it. */
      taskToComplete: {
        _id: string;
        title: string;
      } | null;
    };
    /**
     * @example {
     *       "test": {
     *         "_id": "6d3f1a92-7b4e-4c58-9a0d-3e2f1b8c7a64",
     *         "testedOn": "2026-03-10",
     *         "testerName": "Samuel Mensah",
     *         "instrument": "Fluke ESA615",
     *         "instrumentCalibratedOn": "2025-11-20",
     *         "protectionClass": "I",
     *         "leakageMethod": "alternative",
     *         "appliedPartMethod": "alternative",
     *         "peWithCord": true,
     *         "protectiveEarthOhm": 0.12,
     *         "insulationMegaohm": 250,
     *         "equipmentLeakageMicroamp": 180,
     *         "appliedParts": [
     *           {
     *             "name": "Patient circuit",
     *             "type": "BF",
     *             "leakageMicroamp": 12
     *           }
     *         ],
     *         "visualInspection": "Pass",
     *         "notes": "",
     *         "equipment": {
     *           "_id": "2f6a8d14-9c3b-4e7a-b5d1-0c8e6f4a2b97",
     *           "name": "Ventilator",
     *           "serialNumber": "HAM-C6-20931",
     *           "department": "ICU",
     *           "category": "Ventilator"
     *         },
     *         "result": "Pass",
     *         "evaluation": {
     *           "result": "Pass",
     *           "measurements": [
     *             {
     *               "key": "protectiveEarth",
     *               "label": "Protective earth resistance",
     *               "value": 0.12,
     *               "unit": "Ω",
     *               "limit": {
     *                 "id": "peWithCord",
     *                 "measurement": "protectiveEarth",
     *                 "appliesTo": "Class I, measured from the mains plug (with the power cord)",
     *                 "max": 0.3,
     *                 "unit": "Ω",
     *                 "binding": true,
     *                 "source": "IEC 62353:2014, 5.3.2 (measurement of protective earth resistance)"
     *               },
     *               "verdict": "Pass"
     *             },
     *             {
     *               "key": "insulation",
     *               "label": "Insulation resistance",
     *               "value": 250,
     *               "unit": "MΩ",
     *               "limit": {
     *                 "id": "insulationI",
     *                 "measurement": "insulation",
     *                 "appliesTo": "Class I, mains parts to protective earth",
     *                 "min": 2,
     *                 "unit": "MΩ",
     *                 "binding": false,
     *                 "source": "Common practice, not IEC 62353 (which sets no insulation limit): the minimum many safety analysers and service manuals apply, after IEC 60601-1 and IEC 61010 test practice"
     *               },
     *               "verdict": "Pass"
     *             },
     *             {
     *               "key": "equipmentLeakage",
     *               "label": "Equipment leakage",
     *               "value": 180,
     *               "unit": "µA",
     *               "limit": {
     *                 "id": "equipmentAlternativeI",
     *                 "measurement": "equipmentLeakage",
     *                 "appliesTo": "Class I, alternative method",
     *                 "max": 1000,
     *                 "unit": "µA",
     *                 "binding": true,
     *                 "source": "IEC 62353:2014, Table 2 (allowable values for leakage currents)"
     *               },
     *               "verdict": "Pass"
     *             },
     *             {
     *               "key": "appliedPart:Patient circuit",
     *               "label": "Applied part leakage, Patient circuit (BF)",
     *               "value": 12,
     *               "unit": "µA",
     *               "limit": {
     *                 "id": "appliedPartBF",
     *                 "measurement": "appliedPartLeakage",
     *                 "appliesTo": "Type BF applied part, alternative or direct method",
     *                 "max": 5000,
     *                 "unit": "µA",
     *                 "binding": true,
     *                 "source": "IEC 62353:2014, Table 2 (allowable values for leakage currents)"
     *               },
     *               "verdict": "Pass"
     *             }
     *           ],
     *           "failed": []
     *         },
     *         "source": "form",
     *         "analyserResult": null,
     *         "repairTask": null,
     *         "recordedBy": {
     *           "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *           "name": "Samuel Mensah"
     *         },
     *         "recordedAt": "2026-03-10T11:42:09.817Z"
     *       }
     *     }
     */
    SafetyTestRecorded: {
      test: components['schemas']['SafetyTest'];
    };
    /**
     * @example {
     *       "id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *       "vendorId": "4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d",
     *       "vendorName": "Philips Healthcare",
     *       "reference": "PH-SC-2026-014",
     *       "kind": "full-service",
     *       "startsOn": "2026-04-01",
     *       "endsOn": "2029-03-31",
     *       "annualCost": 18400,
     *       "currency": "GHS",
     *       "responseHours": 8,
     *       "pmIncluded": true,
     *       "models": [
     *         {
     *           "manufacturer": "Philips",
     *           "model": "HeartStart XL+"
     *         }
     *       ],
     *       "departmentId": null,
     *       "departmentName": null,
     *       "notes": "Two PM visits a year; parts included except batteries.",
     *       "renewal": null,
     *       "createdAt": "2026-03-20T10:00:00.000Z",
     *       "updatedAt": "2026-03-20T10:00:00.000Z",
     *       "updatedByLabel": "BME-1001",
     *       "version": 1,
     *       "devices": [
     *         {
     *           "id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *           "name": "IntelliVue MX450",
     *           "serialNumber": "DE12345678"
     *         }
     *       ]
     *     }
     */
    ServiceContract: {
      id: string;
      vendorId: string;
      vendorName: string;
      /** @description The contract number, as the vendor writes it. */
      reference: string;
      /** @enum {string} */
      kind: 'full-service' | 'pm-only' | 'parts' | 'time-and-materials';
      /** @description Its first day (YYYY-MM-DD). */
      startsOn: string;
      /** @description Its last day (YYYY-MM-DD). */
      endsOn: string;
      /** @description What a contract year costs, in the hospital currency. */
      annualCost: number;
      currency: string | null;
      /** @description How soon the vendor must respond, in hours. */
      responseHours: number | null;
      /** @description Whether the vendor does the planned maintenance. */
      pmIncluded: boolean;
      /** @description The devices it names. */
      devices: {
        id: string;
        name: string;
        serialNumber: string;
      }[];
      /** @description Every device of these models is covered. */
      models: {
        manufacturer: string;
        model: string;
      }[];
      /** @description Every device of this department is covered. */
      departmentId: string | null;
      departmentName: string | null;
      notes: string | null;
      /** @description Where the contract stands against its last day (the hospital’s date): `due-90` within 90 days, `due-30` within 30, `ended` past it; null otherwise. */
      renewal: ('due-90' | 'due-30' | 'ended') | null;
      createdAt: string;
      updatedAt: string;
      updatedByLabel: string;
      version: number;
    };
    /**
     * @example {
     *       "rows": [
     *         {
     *           "id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *           "vendorId": "4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d",
     *           "vendorName": "Philips Healthcare",
     *           "reference": "PH-SC-2026-014",
     *           "kind": "full-service",
     *           "startsOn": "2026-04-01",
     *           "endsOn": "2029-03-31",
     *           "annualCost": 18400,
     *           "currency": "GHS",
     *           "responseHours": 8,
     *           "pmIncluded": true,
     *           "models": [
     *             {
     *               "manufacturer": "Philips",
     *               "model": "HeartStart XL+"
     *             }
     *           ],
     *           "departmentId": null,
     *           "departmentName": null,
     *           "notes": "Two PM visits a year; parts included except batteries.",
     *           "renewal": null,
     *           "createdAt": "2026-03-20T10:00:00.000Z",
     *           "updatedAt": "2026-03-20T10:00:00.000Z",
     *           "updatedByLabel": "BME-1001",
     *           "version": 1,
     *           "deviceCount": 1
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 50
     *     }
     */
    ServiceContractPage: {
      rows: components['schemas']['ServiceContractSummary'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
     *       "vendorId": "4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d",
     *       "vendorName": "Philips Healthcare",
     *       "reference": "PH-SC-2026-014",
     *       "kind": "full-service",
     *       "startsOn": "2026-04-01",
     *       "endsOn": "2029-03-31",
     *       "annualCost": 18400,
     *       "currency": "GHS",
     *       "responseHours": 8,
     *       "pmIncluded": true,
     *       "models": [
     *         {
     *           "manufacturer": "Philips",
     *           "model": "HeartStart XL+"
     *         }
     *       ],
     *       "departmentId": null,
     *       "departmentName": null,
     *       "notes": "Two PM visits a year; parts included except batteries.",
     *       "renewal": null,
     *       "createdAt": "2026-03-20T10:00:00.000Z",
     *       "updatedAt": "2026-03-20T10:00:00.000Z",
     *       "updatedByLabel": "BME-1001",
     *       "version": 1,
     *       "deviceCount": 1
     *     }
     */
    ServiceContractSummary: {
      id: string;
      vendorId: string;
      vendorName: string;
      /** @description The contract number, as the vendor writes it. */
      reference: string;
      /** @enum {string} */
      kind: 'full-service' | 'pm-only' | 'parts' | 'time-and-materials';
      /** @description Its first day (YYYY-MM-DD). */
      startsOn: string;
      /** @description Its last day (YYYY-MM-DD). */
      endsOn: string;
      /** @description What a contract year costs, in the hospital currency. */
      annualCost: number;
      currency: string | null;
      /** @description How soon the vendor must respond, in hours. */
      responseHours: number | null;
      /** @description Whether the vendor does the planned maintenance. */
      pmIncluded: boolean;
      /** @description Every device of these models is covered. */
      models: {
        manufacturer: string;
        model: string;
      }[];
      /** @description Every device of this department is covered. */
      departmentId: string | null;
      departmentName: string | null;
      notes: string | null;
      /** @description Where the contract stands against its last day (the hospital’s date): `due-90` within 90 days, `due-30` within 30, `ended` past it; null otherwise. */
      renewal: ('due-90' | 'due-30' | 'ended') | null;
      createdAt: string;
      updatedAt: string;
      updatedByLabel: string;
      version: number;
      deviceCount: number;
    };
    /**
     * @example {
     *       "token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI3YzFlMmQzZi00YTViLTRjNmQtOGU5Zi0wYTFiMmMzZDRlNWYiLCJzaWQiOiJlOGQ3YzZiNSIsInJvbGUiOiJFbmdpbmVlciIsInNuIjoiQk1FLTEwNDIifQ.4kq2Zr0sYbO9vGQm7TnXwLc1pHd3eFu6iJ8aK5lM0Ns",
     *       "user": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor",
     *         "serviceNumber": "BME-1042",
     *         "email": "grace.okafor@hospital.example",
     *         "emailConfirmed": true,
     *         "pendingEmail": null,
     *         "phoneNumber": "+15550100142",
     *         "role": "Engineer",
     *         "department": "ICU",
     *         "isActive": true,
     *         "preApproved": true,
     *         "avatar": null,
     *         "lastLoginAt": "2026-03-02T07:41:12.000Z",
     *         "notifications": {
     *           "taskUpdates": true,
     *           "inventory": true,
     *           "weeklyDigest": false
     *         },
     *         "reportDefaults": {
     *           "includeCharts": true,
     *           "includeSummary": true,
     *           "format": "pdf"
     *         },
     *         "theme": null,
     *         "createdAt": "2025-11-18T09:05:00.000Z",
     *         "updatedAt": "2026-03-02T07:41:12.000Z"
     *       }
     *     }
     */
    SignedIn: {
      token: string;
      user: components['schemas']['User'];
    };
    /**
     * @example {
     *       "providerSignOutUrl": "https://login.microsoftonline.com/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b/oauth2/v2.0/logout?client_id=6d5c4b3a&post_logout_redirect_uri=https%3A%2F%2Fcmms.hospital.example%2Flogin"
     *     }
     */
    SignedOut: {
      /** @description The identity provider's sign-out address (RP-initiated logout) when the session began by single sign-on and the provider supports it; the page goes there next. */
      providerSignOutUrl: string | null;
    };
    /**
     * @example {
     *       "ssoRequiredRoles": [
     *         "Engineer",
     *         "Manager"
     *       ],
     *       "providers": 1,
     *       "updatedAt": "2026-11-02T08:15:00.000Z"
     *     }
     */
    SignInPolicy: {
      ssoRequiredRoles: ('Technician' | 'Engineer' | 'Manager')[];
      providers: number;
      updatedAt: string | null;
    };
    /**
     * @example {
     *       "providers": [
     *         {
     *           "id": "hospital",
     *           "label": "Korle Bu staff account"
     *         }
     *       ]
     *     }
     */
    SignInProviders: {
      providers: {
        id: string;
        /** @description Shown on the sign-in page as "Sign in with <label>". */
        label: string;
      }[];
    };
    /**
     * @example {
     *       "authorizationUrl": "https://login.microsoftonline.com/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b/oauth2/v2.0/authorize?client_id=6d5c4b3a&response_type=code&scope=openid+profile+email+offline_access&state=Vb1X9tq2&nonce=Qm4p0Zr8&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&redirect_uri=https%3A%2F%2Fcmms.hospital.example%2Flogin%2Fsso"
     *     }
     */
    SignInStarted: {
      /** @description The provider's sign-in page, with this sign-in's state, nonce and PKCE challenge. */
      authorizationUrl: string;
    };
    /**
     * @example {
     *       "name": "Pressure sensor",
     *       "quantity": 1,
     *       "description": "Downstream, OEM",
     *       "unitCost": 86.5,
     *       "supplierId": "7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c",
     *       "supplierName": "B. Braun Medical Ltd"
     *     }
     */
    SparePart: {
      name: string;
      quantity: number;
      description: string;
      /** @description What one unit cost, when known (for the cost reports); never guessed. */
      unitCost: number | null;
      /** @description The vendor of the vendor list the part was bought from, when recorded. */
      supplierId: string | null;
      /** @description That vendor’s name when it was recorded, as on its invoice. */
      supplierName: string | null;
    };
    /**
     * @example {
     *       "from": "Under Maintenance",
     *       "to": "Serviceable",
     *       "at": "2026-03-02T15:40:11.508Z",
     *       "by": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "reason": "Pressure sensor replaced; the occlusion alarm sounds at 450 mmHg.",
     *       "taskId": null
     *     }
     */
    StatusChange: {
      from: ('Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned') | null;
      /** @enum {string} */
      to: 'Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned';
      at: string;
      by: components['schemas']['UserRef'] | null;
      reason: string | null;
      taskId: string | null;
    };
    /**
     * @example {
     *       "entries": [
     *         {
     *           "from": "Under Maintenance",
     *           "to": "Serviceable",
     *           "at": "2026-03-02T15:40:11.508Z",
     *           "by": {
     *             "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *             "name": "Grace Okafor"
     *           },
     *           "reason": "Pressure sensor replaced; the occlusion alarm sounds at 450 mmHg.",
     *           "taskId": null
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 20
     *     }
     */
    StatusHistoryPage: {
      entries: components['schemas']['StatusChange'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "_id": "5b2e9f41-8c3d-4a7e-b6f0-2d1c9e8a7b63",
     *       "title": "Occlusion alarm does not sound",
     *       "description": "The downstream occlusion alarm stays silent when the line is clamped.",
     *       "taskType": "Repair",
     *       "pmType": null,
     *       "pmInterval": null,
     *       "priority": "High",
     *       "assignedTo": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       },
     *       "equipment": {
     *         "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *         "name": "Infusion Pump",
     *         "serialNumber": "BBR-448812",
     *         "department": "ICU",
     *         "category": "Infusion Pump"
     *       },
     *       "dueDate": "2026-03-06",
     *       "status": "Completed",
     *       "createdAt": "2026-03-02T08:12:40.311Z",
     *       "updatedAt": "2026-03-04T14:05:18.902Z",
     *       "createdBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "updatedBy": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       },
     *       "completedDate": "2026-03-04T14:05:18.902Z",
     *       "needsCertification": true,
     *       "certified": false,
     *       "certificationEngineer": null,
     *       "certifiedBy": null,
     *       "certifiedAt": null,
     *       "faultDescription": "Pressure sensor membrane cracked.",
     *       "repairDetails": "Replaced the pressure sensor and ran the occlusion test: alarm at 450 mmHg.",
     *       "comments": null,
     *       "spareParts": [
     *         {
     *           "name": "Pressure sensor",
     *           "quantity": 1,
     *           "description": "Downstream, OEM",
     *           "unitCost": 86.5,
     *           "supplierId": "7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c",
     *           "supplierName": "B. Braun Medical Ltd"
     *         }
     *       ],
     *       "labourHours": 1.5,
     *       "location": null,
     *       "reportedBy": null,
     *       "severity": null,
     *       "plan": null,
     *       "overdue": false,
     *       "version": 4
     *     }
     */
    Task: {
      _id: string;
      title: string;
      description: string;
      /** @enum {string} */
      taskType: 'Repair' | 'Install' | 'Inspect' | 'Assess' | 'Calibrate' | 'Preventive';
      pmType:
        | (
            | 'Cleaning'
            | 'Lubrication'
            | 'Adjustment'
            | 'Calibrations'
            | 'Safety Testing'
            | 'Filter Replacement'
          )
        | null;
      pmInterval:
        | (
            | 'Daily'
            | 'Weekly'
            | 'Biweekly'
            | 'Monthly'
            | 'Quarterly'
            | 'Biannually'
            | 'Annually'
            | 'Every 2 Years'
          )
        | null;
      /** @enum {string} */
      priority: 'Low' | 'Medium' | 'High' | 'Urgent';
      assignedTo: components['schemas']['UserRef'] | null;
      equipment: components['schemas']['DeviceSnapshot'];
      /** @description YYYY-MM-DD */
      dueDate: string | null;
      /** @enum {string} */
      status: 'Pending' | 'In Progress' | 'Completed' | 'Cancelled';
      createdAt: string;
      updatedAt: string;
      createdBy: components['schemas']['UserRef'] | null;
      updatedBy: components['schemas']['UserRef'] | null;
      /** @description When the task was last completed (ISO 8601); cleared when it is reopened. */
      completedDate: string | null;
      needsCertification: boolean;
      certified: boolean;
      /** @description The certifying engineer's name, as the card shows it ('Certified by {name}'). */
      certificationEngineer: string | null;
      certifiedBy: components['schemas']['UserRef'] | null;
      certifiedAt: string | null;
      faultDescription: string | null;
      repairDetails: string | null;
      comments: string | null;
      spareParts: components['schemas']['SparePart'][];
      labourHours: number | null;
      /** @description Report Issue: where the fault was seen. */
      location: string | null;
      /** @description Report Issue: who reported the fault. */
      reportedBy: components['schemas']['UserRef'] | null;
      /** @description Report Issue: how severe the fault is. */
      severity: ('Low' | 'Medium' | 'High' | 'Critical') | null;
      /** @description The PM plan this task is an occurrence of (0 is the first occurrence), or null. */
      plan: {
        _id: string;
        occurrence: number;
      } | null;
      /** @description Its due date has passed and it is neither completed nor cancelled. */
      overdue: boolean;
      /** @description Optimistic lock: send it back with a change to refuse overwriting a newer one. */
      version: number;
    };
    /**
     * @example {
     *       "at": "2026-03-04T14:05:18.902Z",
     *       "action": "status-changed",
     *       "by": "BME-2051",
     *       "changes": {
     *         "status": {
     *           "from": "In Progress",
     *           "to": "Completed"
     *         },
     *         "repairDetails": {
     *           "from": null,
     *           "to": "Replaced the pressure sensor and ran the occlusion test: alarm at 450 mmHg."
     *         }
     *       }
     *     }
     */
    TaskAuditEntry: {
      at: string;
      action: string;
      /** @description Their service number, or `cli`/`seed`. */
      by: string;
      changes: {
        [key: string]: {
          from: unknown;
          to: unknown;
        };
      };
    };
    /**
     * @example {
     *       "total": 318,
     *       "pending": 41,
     *       "inProgress": 22,
     *       "completed": 255
     *     }
     */
    TaskCounts: {
      total: number;
      pending: number;
      inProgress: number;
      completed: number;
    };
    /**
     * @example {
     *       "task": {
     *         "_id": "5b2e9f41-8c3d-4a7e-b6f0-2d1c9e8a7b63",
     *         "title": "Occlusion alarm does not sound",
     *         "description": "The downstream occlusion alarm stays silent when the line is clamped.",
     *         "taskType": "Repair",
     *         "pmType": null,
     *         "pmInterval": null,
     *         "priority": "High",
     *         "assignedTo": {
     *           "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *           "name": "Samuel Mensah"
     *         },
     *         "equipment": {
     *           "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *           "name": "Infusion Pump",
     *           "serialNumber": "BBR-448812",
     *           "department": "ICU",
     *           "category": "Infusion Pump"
     *         },
     *         "dueDate": "2026-03-06",
     *         "status": "Completed",
     *         "createdAt": "2026-03-02T08:12:40.311Z",
     *         "updatedAt": "2026-03-04T14:05:18.902Z",
     *         "createdBy": {
     *           "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *           "name": "Grace Okafor"
     *         },
     *         "updatedBy": {
     *           "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *           "name": "Samuel Mensah"
     *         },
     *         "completedDate": "2026-03-04T14:05:18.902Z",
     *         "needsCertification": true,
     *         "certified": false,
     *         "certificationEngineer": null,
     *         "certifiedBy": null,
     *         "certifiedAt": null,
     *         "faultDescription": "Pressure sensor membrane cracked.",
     *         "repairDetails": "Replaced the pressure sensor and ran the occlusion test: alarm at 450 mmHg.",
     *         "comments": null,
     *         "spareParts": [
     *           {
     *             "name": "Pressure sensor",
     *             "quantity": 1,
     *             "description": "Downstream, OEM",
     *             "unitCost": 86.5,
     *             "supplierId": "7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c",
     *             "supplierName": "B. Braun Medical Ltd"
     *           }
     *         ],
     *         "labourHours": 1.5,
     *         "location": null,
     *         "reportedBy": null,
     *         "severity": null,
     *         "plan": null,
     *         "overdue": false,
     *         "version": 4
     *       }
     *     }
     */
    TaskCreated: {
      task: components['schemas']['Task'];
    };
    /**
     * @example {
     *       "_id": "5b2e9f41-8c3d-4a7e-b6f0-2d1c9e8a7b63"
     *     }
     */
    TaskDeleted: {
      _id: string;
    };
    /**
     * @example {
     *       "_id": "5b2e9f41-8c3d-4a7e-b6f0-2d1c9e8a7b63",
     *       "title": "Occlusion alarm does not sound",
     *       "description": "The downstream occlusion alarm stays silent when the line is clamped.",
     *       "taskType": "Repair",
     *       "pmType": null,
     *       "pmInterval": null,
     *       "priority": "High",
     *       "assignedTo": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       },
     *       "equipment": {
     *         "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *         "name": "Infusion Pump",
     *         "serialNumber": "BBR-448812",
     *         "department": "ICU",
     *         "category": "Infusion Pump"
     *       },
     *       "dueDate": "2026-03-06",
     *       "status": "Completed",
     *       "createdAt": "2026-03-02T08:12:40.311Z",
     *       "updatedAt": "2026-03-04T14:05:18.902Z",
     *       "createdBy": {
     *         "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *         "name": "Grace Okafor"
     *       },
     *       "updatedBy": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       },
     *       "completedDate": "2026-03-04T14:05:18.902Z",
     *       "needsCertification": true,
     *       "certified": false,
     *       "certificationEngineer": null,
     *       "certifiedBy": null,
     *       "certifiedAt": null,
     *       "faultDescription": "Pressure sensor membrane cracked.",
     *       "repairDetails": "Replaced the pressure sensor and ran the occlusion test: alarm at 450 mmHg.",
     *       "comments": null,
     *       "spareParts": [
     *         {
     *           "name": "Pressure sensor",
     *           "quantity": 1,
     *           "description": "Downstream, OEM",
     *           "unitCost": 86.5,
     *           "supplierId": "7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c",
     *           "supplierName": "B. Braun Medical Ltd"
     *         }
     *       ],
     *       "labourHours": 1.5,
     *       "location": null,
     *       "reportedBy": null,
     *       "severity": null,
     *       "plan": null,
     *       "overdue": false,
     *       "version": 4,
     *       "labourCost": {
     *         "role": "Technician",
     *         "pricedOn": "2026-03-14",
     *         "hourlyRate": 95,
     *         "amount": 142.5,
     *         "currency": "GHS"
     *       },
     *       "vendorCharges": {
     *         "charges": [],
     *         "total": 0,
     *         "currency": "GHS",
     *         "version": 0
     *       },
     *       "statusHistory": [
     *         {
     *           "from": "In Progress",
     *           "to": "Completed",
     *           "at": "2026-03-04T14:05:18.902Z",
     *           "by": {
     *             "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *             "name": "Samuel Mensah"
     *           }
     *         }
     *       ],
     *       "statusHistoryTotal": 1,
     *       "audit": [
     *         {
     *           "at": "2026-03-04T14:05:18.902Z",
     *           "action": "status-changed",
     *           "by": "BME-2051",
     *           "changes": {
     *             "status": {
     *               "from": "In Progress",
     *               "to": "Completed"
     *             },
     *             "repairDetails": {
     *               "from": null,
     *               "to": "Replaced the pressure sensor and ran the occlusion test: alarm at 450 mmHg."
     *             }
     *           }
     *         }
     *       ],
     *       "auditTotal": 1,
     *       "addedReports": [],
     *       "addedReportsTotal": 0
     *     }
     */
    TaskDetail: {
      _id: string;
      title: string;
      description: string;
      /** @enum {string} */
      taskType: 'Repair' | 'Install' | 'Inspect' | 'Assess' | 'Calibrate' | 'Preventive';
      pmType:
        | (
            | 'Cleaning'
            | 'Lubrication'
            | 'Adjustment'
            | 'Calibrations'
            | 'Safety Testing'
            | 'Filter Replacement'
          )
        | null;
      pmInterval:
        | (
            | 'Daily'
            | 'Weekly'
            | 'Biweekly'
            | 'Monthly'
            | 'Quarterly'
            | 'Biannually'
            | 'Annually'
            | 'Every 2 Years'
          )
        | null;
      /** @enum {string} */
      priority: 'Low' | 'Medium' | 'High' | 'Urgent';
      assignedTo: components['schemas']['UserRef'] | null;
      equipment: components['schemas']['DeviceSnapshot'];
      /** @description YYYY-MM-DD */
      dueDate: string | null;
      /** @enum {string} */
      status: 'Pending' | 'In Progress' | 'Completed' | 'Cancelled';
      createdAt: string;
      updatedAt: string;
      createdBy: components['schemas']['UserRef'] | null;
      updatedBy: components['schemas']['UserRef'] | null;
      /** @description When the task was last completed (ISO 8601); cleared when it is reopened. */
      completedDate: string | null;
      needsCertification: boolean;
      certified: boolean;
      /** @description The certifying engineer's name, as the card shows it ('Certified by {name}'). */
      certificationEngineer: string | null;
      certifiedBy: components['schemas']['UserRef'] | null;
      certifiedAt: string | null;
      faultDescription: string | null;
      repairDetails: string | null;
      comments: string | null;
      spareParts: components['schemas']['SparePart'][];
      labourHours: number | null;
      /** @description Report Issue: where the fault was seen. */
      location: string | null;
      /** @description Report Issue: who reported the fault. */
      reportedBy: components['schemas']['UserRef'] | null;
      /** @description Report Issue: how severe the fault is. */
      severity: ('Low' | 'Medium' | 'High' | 'Critical') | null;
      /** @description The PM plan this task is an occurrence of (0 is the first occurrence), or null. */
      plan: {
        _id: string;
        occurrence: number;
      } | null;
      /** @description Its due date has passed and it is neither completed nor cancelled. */
      overdue: boolean;
      /** @description Optimistic lock: send it back with a change to refuse overwriting a newer one. */
      version: number;
      /** @description What the recorded hours cost, for Engineers, Managers and Admins; null for others and when no hours are recorded. */
      labourCost: components['schemas']['TaskLabourCost'] | null;
      /** @description What vendors charged for the work, for Engineers, Managers and Admins; null for others. */
      vendorCharges: components['schemas']['TaskVendorCharges'] | null;
      statusHistory: components['schemas']['TaskStatusChange'][];
      statusHistoryTotal: number;
      audit: components['schemas']['TaskAuditEntry'][];
      auditTotal: number;
      /** @description What others reported of the same fault (Report Issue), newest first, at most 100. */
      addedReports: components['schemas']['AddedReport'][];
      addedReportsTotal: number;
    };
    /**
     * @example {
     *       "role": "Technician",
     *       "pricedOn": "2026-03-14",
     *       "hourlyRate": 95,
     *       "amount": 142.5,
     *       "currency": "GHS"
     *     }
     */
    TaskLabourCost: {
      /** @description The role whose work the hours are: the assignee’s when they recorded them; a correction by someone else keeps it. Null for hours recorded before roles were kept. */
      role: string | null;
      /** @description The day the hours are priced at (YYYY-MM-DD, the hospital’s): the completion day, or today while open. */
      pricedOn: string;
      /** @description The role’s rate in force that day; null when it had none (the hours are not priced). */
      hourlyRate: number | null;
      /** @description Hours × rate, rounded to the cent; null when not priced. */
      amount: number | null;
      currency: string | null;
    };
    /**
     * @example {
     *       "tasks": [
     *         {
     *           "_id": "5b2e9f41-8c3d-4a7e-b6f0-2d1c9e8a7b63",
     *           "title": "Occlusion alarm does not sound",
     *           "description": "The downstream occlusion alarm stays silent when the line is clamped.",
     *           "taskType": "Repair",
     *           "pmType": null,
     *           "pmInterval": null,
     *           "priority": "High",
     *           "assignedTo": {
     *             "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *             "name": "Samuel Mensah"
     *           },
     *           "equipment": {
     *             "_id": "0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b",
     *             "name": "Infusion Pump",
     *             "serialNumber": "BBR-448812",
     *             "department": "ICU",
     *             "category": "Infusion Pump"
     *           },
     *           "dueDate": "2026-03-06",
     *           "status": "Completed",
     *           "createdAt": "2026-03-02T08:12:40.311Z",
     *           "updatedAt": "2026-03-04T14:05:18.902Z",
     *           "createdBy": {
     *             "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *             "name": "Grace Okafor"
     *           },
     *           "updatedBy": {
     *             "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *             "name": "Samuel Mensah"
     *           },
     *           "completedDate": "2026-03-04T14:05:18.902Z",
     *           "needsCertification": true,
     *           "certified": false,
     *           "certificationEngineer": null,
     *           "certifiedBy": null,
     *           "certifiedAt": null,
     *           "faultDescription": "Pressure sensor membrane cracked.",
     *           "repairDetails": "Replaced the pressure sensor and ran the occlusion test: alarm at 450 mmHg.",
     *           "comments": null,
     *           "spareParts": [
     *             {
     *               "name": "Pressure sensor",
     *               "quantity": 1,
     *               "description": "Downstream, OEM",
     *               "unitCost": 86.5,
     *               "supplierId": "7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c",
     *               "supplierName": "B. Braun Medical Ltd"
     *             }
     *           ],
     *           "labourHours": 1.5,
     *           "location": null,
     *           "reportedBy": null,
     *           "severity": null,
     *           "plan": null,
     *           "overdue": false,
     *           "version": 4
     *         }
     *       ],
     *       "total": 255,
     *       "more": false,
     *       "page": 1,
     *       "pages": 32,
     *       "limit": 8,
     *       "counts": {
     *         "total": 318,
     *         "pending": 41,
     *         "inProgress": 22,
     *         "completed": 255
     *       }
     *     }
     */
    TaskPage: {
      tasks: components['schemas']['Task'][];
      /** @description The matching tasks; when `more` is set, a lower bound: more than this many match. */
      total: number;
      /** @description Set when a search matched more tasks than it counts: `total` is then how many were counted, and `pages` ends one page past them. */
      more: boolean;
      page: number;
      pages: number;
      limit: number;
      /** @description Tasks by status with the list's filters except the status; null when a search matched more tasks than it counts. */
      counts: components['schemas']['TaskCounts'] | null;
    };
    /**
     * @example {
     *       "from": "In Progress",
     *       "to": "Completed",
     *       "at": "2026-03-04T14:05:18.902Z",
     *       "by": {
     *         "_id": "3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d",
     *         "name": "Samuel Mensah"
     *       }
     *     }
     */
    TaskStatusChange: {
      from: ('Pending' | 'In Progress' | 'Completed' | 'Cancelled') | null;
      /** @enum {string} */
      to: 'Pending' | 'In Progress' | 'Completed' | 'Cancelled';
      at: string;
      by: components['schemas']['UserRef'] | null;
    };
    /**
     * @example {
     *       "users": [
     *         {
     *           "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *           "name": "Grace Okafor",
     *           "role": "Engineer",
     *           "serviceNumber": "BME-1042"
     *         }
     *       ]
     *     }
     */
    TaskUserList: {
      users: components['schemas']['Assignee'][];
    };
    /**
     * @example {
     *       "charges": [
     *         {
     *           "vendorId": "4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d",
     *           "vendorName": "Philips Healthcare",
     *           "visitDate": "2026-03-14",
     *           "invoiceNumber": "INV-2026-0412",
     *           "amount": 480,
     *           "notes": "Call-out and replacement of the flow sensor."
     *         }
     *       ],
     *       "total": 480,
     *       "currency": "GHS",
     *       "version": 1
     *     }
     */
    TaskVendorCharges: {
      charges: components['schemas']['VendorCharge'][];
      /** @description The sum of the charges, to the cent. */
      total: number;
      currency: string | null;
      /** @description Optimistic lock of the list: send it back with a change (409 if it moved on). */
      version: number;
    };
    /**
     * @example {
     *       "equipmentId": "a4c7e1f0-5d2b-4e9a-8c3f-6b1d0e7a9f24",
     *       "name": "Defibrillator",
     *       "serialNumber": "ZOLL-AR16K04412",
     *       "department": "Emergency",
     *       "category": "Defibrillator",
     *       "riskClass": "High",
     *       "highRisk": true,
     *       "lifeSupport": true
     *     }
     */
    UnplannedDevice: {
      equipmentId: string;
      name: string;
      serialNumber: string;
      department: string;
      category: string;
      riskClass: ('High' | 'Medium' | 'Low') | null;
      highRisk: boolean;
      lifeSupport: boolean;
    };
    /**
     * @example {
     *       "items": [
     *         {
     *           "equipmentId": "a4c7e1f0-5d2b-4e9a-8c3f-6b1d0e7a9f24",
     *           "name": "Defibrillator",
     *           "serialNumber": "ZOLL-AR16K04412",
     *           "department": "Emergency",
     *           "category": "Defibrillator",
     *           "riskClass": "High",
     *           "highRisk": true,
     *           "lifeSupport": true
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 25
     *     }
     */
    UnplannedDevicePage: {
      items: components['schemas']['UnplannedDevice'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "topic": "taskUpdates",
     *       "message": "Task updates are turned off. You can turn it on again in Settings."
     *     }
     */
    Unsubscribed: {
      /** @enum {string} */
      topic: 'taskUpdates' | 'inventory' | 'weeklyDigest';
      /** @description What was turned off, in words. */
      message: string;
    };
    /**
     * @example {
     *       "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *       "name": "Grace Okafor",
     *       "serviceNumber": "BME-1042",
     *       "email": "grace.okafor@hospital.example",
     *       "emailConfirmed": true,
     *       "pendingEmail": null,
     *       "phoneNumber": "+15550100142",
     *       "role": "Engineer",
     *       "department": "ICU",
     *       "isActive": true,
     *       "preApproved": true,
     *       "avatar": null,
     *       "lastLoginAt": "2026-03-02T07:41:12.000Z",
     *       "notifications": {
     *         "taskUpdates": true,
     *         "inventory": true,
     *         "weeklyDigest": false
     *       },
     *       "reportDefaults": {
     *         "includeCharts": true,
     *         "includeSummary": true,
     *         "format": "pdf"
     *       },
     *       "theme": null,
     *       "createdAt": "2025-11-18T09:05:00.000Z",
     *       "updatedAt": "2026-03-02T07:41:12.000Z"
     *     }
     */
    User: {
      _id: string;
      serviceNumber: string;
      name: string;
      /** @description The address in force: the one reports may be e-mailed to once it is confirmed. */
      email: string | null;
      /** @description Whether the person proved `email` is theirs (opened a confirmation link sent to it). An address set by someone else (the roster screens, an import) or kept from before is not. */
      emailConfirmed: boolean;
      /** @description An address the person asked for and has not confirmed yet; `email` stays in force until then. */
      pendingEmail: string | null;
      phoneNumber: string;
      /** @enum {string} */
      role: 'Technician' | 'Engineer' | 'Manager' | 'Admin' | 'Clinical';
      department: string;
      isActive: boolean;
      /** @description Whether the person may receive tasks. */
      preApproved: boolean;
      avatar: string | null;
      lastLoginAt: string | null;
      notifications: {
        taskUpdates: boolean;
        inventory: boolean;
        weeklyDigest: boolean;
      };
      reportDefaults: {
        includeCharts: boolean;
        includeSummary: boolean;
        /** @enum {string} */
        format: 'pdf' | 'xlsx' | 'docx';
      };
      /** @description The theme chosen on any device, or null to follow each device's system setting. */
      theme: ('light' | 'dark') | null;
      createdAt: string;
      updatedAt: string;
    };
    /**
     * @example {
     *       "users": [
     *         {
     *           "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *           "name": "Grace Okafor",
     *           "serviceNumber": "BME-1042",
     *           "email": "grace.okafor@hospital.example",
     *           "emailConfirmed": true,
     *           "pendingEmail": null,
     *           "phoneNumber": "+15550100142",
     *           "role": "Engineer",
     *           "department": "ICU",
     *           "isActive": true,
     *           "preApproved": true,
     *           "avatar": null,
     *           "lastLoginAt": "2026-03-02T07:41:12.000Z",
     *           "notifications": {
     *             "taskUpdates": true,
     *             "inventory": true,
     *             "weeklyDigest": false
     *           },
     *           "reportDefaults": {
     *             "includeCharts": true,
     *             "includeSummary": true,
     *             "format": "pdf"
     *           },
     *           "theme": null,
     *           "createdAt": "2025-11-18T09:05:00.000Z",
     *           "updatedAt": "2026-03-02T07:41:12.000Z"
     *         }
     *       ],
     *       "data": [
     *         {
     *           "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *           "name": "Grace Okafor",
     *           "serviceNumber": "BME-1042",
     *           "email": "grace.okafor@hospital.example",
     *           "emailConfirmed": true,
     *           "pendingEmail": null,
     *           "phoneNumber": "+15550100142",
     *           "role": "Engineer",
     *           "department": "ICU",
     *           "isActive": true,
     *           "preApproved": true,
     *           "avatar": null,
     *           "lastLoginAt": "2026-03-02T07:41:12.000Z",
     *           "notifications": {
     *             "taskUpdates": true,
     *             "inventory": true,
     *             "weeklyDigest": false
     *           },
     *           "reportDefaults": {
     *             "includeCharts": true,
     *             "includeSummary": true,
     *             "format": "pdf"
     *           },
     *           "theme": null,
     *           "createdAt": "2025-11-18T09:05:00.000Z",
     *           "updatedAt": "2026-03-02T07:41:12.000Z"
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 12
     *     }
     */
    UserPage: {
      users: components['schemas']['User'][];
      /** @description The same people as `users`. */
      data: components['schemas']['User'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
    /**
     * @example {
     *       "_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
     *       "name": "Grace Okafor"
     *     }
     */
    UserRef: {
      _id: string;
      name: string;
    };
    /**
     * @example {
     *       "id": "4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d",
     *       "name": "Philips Healthcare",
     *       "kinds": [
     *         "manufacturer",
     *         "service"
     *       ],
     *       "contactName": "Service desk",
     *       "phone": "+44 20 7946 0321",
     *       "email": "service.uk@philips.example",
     *       "website": "https://www.philips.example/healthcare",
     *       "notes": "Field engineer on site within 8 working hours under contract.",
     *       "retired": false,
     *       "retiredAt": null,
     *       "createdAt": "2026-01-12T09:30:00.000Z",
     *       "updatedAt": "2026-05-03T14:02:11.220Z",
     *       "updatedByLabel": "BME-1001",
     *       "version": 3
     *     }
     */
    Vendor: {
      id: string;
      name: string;
      /** @description The roles the company plays for the hospital. */
      kinds: ('manufacturer' | 'supplier' | 'service')[];
      /** @description Who, or which desk, to ask for. */
      contactName: string | null;
      phone: string | null;
      email: string | null;
      website: string | null;
      /** @description Account numbers, hours, how to log a call. */
      notes: string | null;
      /** @description No longer offered for new records; still shown on those naming it. */
      retired: boolean;
      retiredAt: string | null;
      createdAt: string;
      updatedAt: string;
      /** @description The service number of who last changed it. */
      updatedByLabel: string;
      /** @description Optimistic lock: a change sends the version it read and is refused (409) if it moved on. */
      version: number;
    };
    /**
     * @example {
     *       "vendorId": "4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d",
     *       "vendorName": "Philips Healthcare",
     *       "visitDate": "2026-03-14",
     *       "invoiceNumber": "INV-2026-0412",
     *       "amount": 480,
     *       "notes": "Call-out and replacement of the flow sensor."
     *     }
     */
    VendorCharge: {
      vendorId: string;
      /** @description The vendor’s name when the charge was recorded. */
      vendorName: string;
      /** @description The day of the visit or the work invoiced (YYYY-MM-DD). */
      visitDate: string;
      invoiceNumber: string | null;
      /** @description In the hospital currency. */
      amount: number;
      notes: string | null;
    };
    /**
     * @example {
     *       "rows": [
     *         {
     *           "id": "4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d",
     *           "name": "Philips Healthcare",
     *           "kinds": [
     *             "manufacturer",
     *             "service"
     *           ],
     *           "contactName": "Service desk",
     *           "phone": "+44 20 7946 0321",
     *           "email": "service.uk@philips.example",
     *           "website": "https://www.philips.example/healthcare",
     *           "notes": "Field engineer on site within 8 working hours under contract.",
     *           "retired": false,
     *           "retiredAt": null,
     *           "createdAt": "2026-01-12T09:30:00.000Z",
     *           "updatedAt": "2026-05-03T14:02:11.220Z",
     *           "updatedByLabel": "BME-1001",
     *           "version": 3
     *         }
     *       ],
     *       "total": 1,
     *       "page": 1,
     *       "pages": 1,
     *       "limit": 50
     *     }
     */
    VendorPage: {
      /** @description A page of vendors, by name. */
      rows: components['schemas']['Vendor'][];
      /** @description How many rows the list holds in all. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description How many pages the list has at this limit. */
      pages: number;
      /** @description Rows per page. */
      limit: number;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  requestOtp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          serviceNumber: string;
        };
      };
    };
    responses: {
      /** @description Code sent: `{message, phoneHint, expiresInSeconds, resendAfterSeconds}`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OtpSent'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The account is deactivated, or its role signs in with the hospital account only (`SSO_REQUIRED`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service number is not on the roster. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests, or within 30 s of the previous code (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  verifyOtp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          serviceNumber: string;
          otp: string;
        };
      };
    };
    responses: {
      /** @description Signed in: `{token, user}`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignedIn'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The account is deactivated, or its role signs in with the hospital account only (`SSO_REQUIRED`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service number is not on the roster. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Wrong, expired, used or locked code, or one ended by a change of the account (phone, activity, role) since it was sent (`OTP_WITHDRAWN`); `message` says which. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many attempts. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getCurrentUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{user}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentUser'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed out: `{providerSignOutUrl}`, the provider's sign-out address to open next, or null. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignedOut'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateOwnProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          email: ('' | string) | null;
        };
      };
    };
    responses: {
      /** @description `{user}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentUser'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The e-mail address belongs to someone else. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A confirmation mail was sent less than a minute ago, or five in the last 24 hours (`Retry-After`); nothing is saved. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The confirmation could not be mailed; nothing is saved. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  sendEmailConfirmation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{user}`, with `pendingEmail` the address the link was sent to. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentUser'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Nothing to confirm: no address, or yours is confirmed already; or the address belongs to someone else now. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A confirmation mail was sent less than a minute ago, or five in the last 24 hours (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  cancelEmailChange: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{user}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentUser'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  confirmEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
        };
      };
    };
    responses: {
      /** @description `{email, message}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EmailConfirmed'];
        };
      };
      /** @description The token is not a whole link token. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The account is deactivated. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such link. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The address was confirmed by someone else meanwhile: one address, one person. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The link has been used, has expired (24 hours), was replaced by a newer one or cancelled; `message` says which. */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateNotificationSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          taskUpdates: boolean;
          inventory: boolean;
          weeklyDigest: boolean;
        };
      };
    };
    responses: {
      /** @description `{user}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentUser'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateReportDefaults: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          includeCharts: boolean;
          includeSummary: boolean;
          /** @enum {string} */
          format: 'pdf' | 'xlsx' | 'docx';
        };
      };
    };
    responses: {
      /** @description `{user}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentUser'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateAppearance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          theme: ('light' | 'dark') | null;
        };
      };
    };
    responses: {
      /** @description `{user}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentUser'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listSignInProviders: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{providers: [{id, label}]}`; empty when none is configured. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignInProviders'];
        };
      };
      /** @description The address is not valid text: a percent-escape that is not UTF-8, or a NUL. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startSingleSignOn: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        provider: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{authorizationUrl}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignInStarted'];
        };
      };
      /** @description The provider id is not one (lower-case letters, digits, dashes). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No provider of that id is configured. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many sign-ins begun from this address (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The provider or the sign-in service cannot be reached, or too many sign-ins are in progress (`Retry-After`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  finishSingleSignOn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          query: string;
        };
      };
    };
    responses: {
      /** @description Signed in: `{token, user}`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignedIn'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused (`SSO_REFUSED`): the answer failed a check, took too long or came to another browser, was cancelled at the provider, or the person is not on the roster, is on it twice, is deactivated, or is in no mapped group; `message` says which. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The provider or the sign-in service cannot be reached; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSignInPolicy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{ssoRequiredRoles, providers, updatedAt}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignInPolicy'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateSignInPolicy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          ssoRequiredRoles: ('Technician' | 'Engineer' | 'Manager')[];
        };
      };
    };
    responses: {
      /** @description The policy saved. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignInPolicy'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No identity provider is configured: single sign-on cannot be required yet. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listUsers: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
        q?: string;
        role?: '' | ('Technician' | 'Engineer' | 'Manager' | 'Admin' | 'Clinical');
        department?: string;
        active?: '' | 'true' | 'false' | boolean | null;
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{users, data, total, page, pages, limit}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          serviceNumber: string;
          name: string;
          email?: ('' | string) | null;
          phoneNumber: string;
          /**
           * @default Technician
           * @enum {string}
           */
          role?: 'Technician' | 'Engineer' | 'Manager' | 'Admin' | 'Clinical';
          /** @default TSEU */
          department?: string;
          /** @default true */
          isActive?: boolean;
          /** @default false */
          preApproved?: boolean;
        };
      };
    };
    responses: {
      /** @description The person. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an Engineer or Admin, or the Admin role by a non-Admin. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Service number or e-mail already on the roster. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exportUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workbook. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Your previous roster export is still being written: wait for it to download (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The identity service is reading or writing ten roster files already, or not answering; try again (`Retry-After`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  previewRosterImport: {
    parameters: {
      query?: {
        fileName?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The roster file (XLSX or CSV), its bytes as the body (any Content-Type), streamed; at most 2 MB. */
    requestBody: {
      content: {
        'application/octet-stream': string;
      };
    };
    responses: {
      /** @description `{rows, summary}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RosterImportPreview'];
        };
      };
      /** @description Invalid query (`fileName` must end in .xlsx or .csv); or the file is empty, cannot be read as its type, lacks a required column, or has a row past row 2,501; `message` says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than 2 MB; or it is too large to read: a workbook that unpacks to more than 16 MB (refused from its ZIP directory, before anything is inflated), or a file that needs more than 64 MB of memory or 20 s to read. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file's type, read from its bytes, is not one its purpose takes (`message` lists them). */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You are sending two files already, or your previous roster file is still being read: wait for its answer (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The server is receiving as many files as it takes at once, or the identity service is reading or writing ten roster files already or not answering; try again (`Retry-After`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  importRoster: {
    parameters: {
      query?: {
        fileName?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The roster file (XLSX or CSV), its bytes as the body (any Content-Type), streamed; at most 2 MB. */
    requestBody: {
      content: {
        'application/octet-stream': string;
      };
    };
    responses: {
      /** @description `{rows, summary, applied}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RosterImportResult'];
        };
      };
      /** @description Invalid query (`fileName` must end in .xlsx or .csv); or the file is empty, cannot be read as its type, lacks a required column, or has a row past row 2,501; `message` says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than 2 MB; or it is too large to read: a workbook that unpacks to more than 16 MB (refused from its ZIP directory, before anything is inflated), or a file that needs more than 64 MB of memory or 20 s to read. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file's type, read from its bytes, is not one its purpose takes (`message` lists them). */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You are sending two files already, or your previous roster file is still being read: wait for its answer (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The server is receiving as many files as it takes at once, or the identity service is reading or writing ten roster files already or not answering; try again (`Retry-After`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The person. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not on the roster. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          serviceNumber?: string;
          name?: string;
          email?: ('' | string) | null;
          phoneNumber?: string;
          /** @enum {string} */
          role?: 'Technician' | 'Engineer' | 'Manager' | 'Admin' | 'Clinical';
          department?: string;
          isActive?: boolean;
          preApproved?: boolean;
          version?: number;
        };
      };
    };
    responses: {
      /** @description The person. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an Engineer or Admin, or a rule of the roster forbids it (the message says which). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not on the roster. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The last active Admin, a taken service number or e-mail, or changed since `version`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{_id}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Removed'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not an Engineer or Admin, or a rule of the roster forbids it. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not on the roster. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The last active Admin. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAssignees: {
    parameters: {
      query?: {
        approved?: 'true' | 'any';
        limit?: number;
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{technicians: [{_id, name, role, serviceNumber}]}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssigneeList'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTaskUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{users: [{_id, name, role, serviceNumber}]}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaskUserList'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listEquipment: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
        q?: string;
        department?: string;
        status?:
          '' | ('Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned');
        category?: string;
        riskClass?: '' | ('High' | 'Medium' | 'Low' | 'unassessed');
        pmProgram?: '' | 'unplanned';
        recall?: '' | 'open';
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EquipmentPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createEquipment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          manufacturer: string;
          model: string;
          serialNumber: string;
          department: string;
          location: string;
          /** Format: date */
          installationDate: string;
          warrantyExpiry?: string | null;
          /** @enum {string} */
          status: 'Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned';
          category: string;
          udi?: string | null;
        };
      };
    };
    responses: {
      /** @description The created item. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Equipment'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The status is reserved to Engineers and Admins. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The serial number is already in the inventory. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getEquipment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The item and `statusHistory`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EquipmentDetail'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateEquipment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          manufacturer?: string;
          model?: string;
          serialNumber?: string;
          department?: string;
          location?: string;
          /** Format: date */
          installationDate?: string;
          warrantyExpiry?: string | null;
          /** @enum {string} */
          status?: 'Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned';
          category?: string;
          udi?: string | null;
          version?: number;
        };
      };
    };
    responses: {
      /** @description The updated item. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Equipment'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The status change is reserved to Engineers and Admins. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stale version, or the serial number is taken. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteEquipment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The id of the item removed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Removed'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getEquipmentStatusHistory: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StatusHistoryPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changeEquipmentStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          status: 'Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned';
          reason?: string;
          version?: number;
        };
      };
    };
    responses: {
      /** @description The updated item. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Equipment'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The change is reserved to Engineers and Admins. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Someone changed the item since you read it. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getEquipmentAcquisition: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The figures. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeviceAcquisition'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  setEquipmentAcquisition: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          acquisitionCost?: number | null;
          purchaseDate?: string | null;
          /** @description The name of a vendor on the vendor list, in any case; one not on it, or retired from it (unless it is the device’s supplier already), is refused. */
          supplier?: string | null;
          expectedLifeYears?: number | null;
          version?: number;
        };
      };
    };
    responses: {
      /** @description The figures as saved. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeviceAcquisition'];
        };
      };
      /** @description A figure out of its range, a purchase date in the future, or a supplier not on the vendor list or retired from it. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Someone changed the item since you read it. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  assessEquipmentRisk: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          function: number;
          physicalRisk: number;
          maintenance: number;
          incidentHistory: number;
          version?: number;
        };
      };
    };
    responses: {
      /** @description The item with its `risk`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Equipment'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Someone changed the item since you read it. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getInventoryImportTemplate: {
    parameters: {
      query?: {
        format?: 'xlsx' | 'csv';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file, as an attachment. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The equipment service (which writes the template) is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  stageInventoryImport: {
    parameters: {
      query?: {
        fileName?: string;
        dateOrder?: 'auto' | 'DMY' | 'MDY';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The inventory file (XLSX or CSV), at most 8 MB. */
    requestBody: {
      content: {
        'application/octet-stream': string;
      };
    };
    responses: {
      /** @description The staged import. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InventoryImport'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than 8 MB (refused as it arrives); or it is too large to read: a workbook that unpacks to more than 96 MB (refused from its ZIP directory, before anything is inflated), or a file that needs more than 192 MB of memory or 30 s to read. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file's type, read from its bytes, is not one its purpose takes (`message` lists them). */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You have a file being read or written already (an upload or an export; `message` says which): wait for its answer (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service that reads and writes these files has ten being read, written or waiting already (`Retry-After`), or is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getInventoryImport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The import. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InventoryImport'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such import: not staged, not yours, discarded, or older than 24 hours. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  discardInventoryImport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The id of the import discarded. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Removed'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such import: not staged, not yours, discarded, or older than 24 hours. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listInventoryImportRows: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
        action?: '' | ('add' | 'update' | 'unchanged' | 'refused');
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page: each row with its line, action, changes and problems. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InventoryImportRowsPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such import: not staged, not yours, discarded, or older than 24 hours. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  applyInventoryImport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The import, applied. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InventoryImport'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such import: not staged, not yours, discarded, or older than 24 hours. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Already applied. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exportInventory: {
    parameters: {
      query?: {
        q?: string;
        department?: string;
        status?:
          '' | ('Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned');
        category?: string;
        riskClass?: '' | ('High' | 'Medium' | 'Low' | 'unassessed');
        pmProgram?: '' | 'unplanned';
        recall?: '' | 'open';
        format?: 'csv' | 'xlsx';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file, as an attachment. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The inventory as filtered holds more than 50,000 devices: filter it and export each part. Or the workbook needs more than 128 MB of memory or 30 s to write. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You have a file being read or written already (an upload or an export; `message` says which): wait for its answer (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service that reads and writes these files has ten being read, written or waiting already (`Retry-After`), or is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  printAssetLabels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @default a4-21
           * @enum {string}
           */
          layout?: 'a4-21' | 'a4-24' | 'a4-14' | 'letter-30' | 'letter-10' | 'roll-62x29' | 'roll-2x1';
          ids?: string[];
          filters?: {
            /** @default  */
            q?: string;
            /** @default  */
            department?: string;
            /** @default  */
            status?:
              '' | ('Serviceable' | 'Under Maintenance' | 'Unserviceable' | 'Decommissioned' | 'Auctioned');
            /** @default  */
            category?: string;
            /** @default  */
            riskClass?: '' | ('High' | 'Medium' | 'Low' | 'unassessed');
            /** @default  */
            pmProgram?: '' | 'unplanned';
            /** @default  */
            recall?: '' | 'open';
          };
          /** @default 0 */
          skip?: number;
        };
      };
    };
    responses: {
      /** @description The PDF, as an attachment. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A device chosen is no longer in the inventory, or no device matches the filters. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description More than 5,000 devices match the filters: filter them and print each part. Or the sheet needs more than 128 MB of memory or 30 s to make. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You have a file being read or written already (an upload or an export; `message` says which): wait for its answer (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service that reads and writes these files has ten being read, written or waiting already (`Retry-After`), or is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getHospitalLists: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The lists. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HospitalLists'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  addListEntry: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          kind: 'department' | 'ward' | 'category';
          name: string;
          parentId?: string | null;
        };
      };
    };
    responses: {
      /** @description The new entry. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEntry'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The name is taken. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The list is full. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateListEntry: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          retired?: boolean;
          version: number;
        };
      };
    };
    responses: {
      /** @description The entry. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEntry'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not on the lists. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stale version, or the name is taken. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listRecalls: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
        state?: '' | 'open' | 'closed';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecallPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createRecall: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          source: 'FDA' | 'MHRA' | 'Manufacturer' | 'Other';
          sourceReference: string;
          title: string;
          manufacturer: string;
          models: string[];
          /** @default [] */
          serialNumbers?: string[];
          /** @default [] */
          serialRanges?: {
            from: string;
            to: string;
          }[];
          /** @default [] */
          lotNumbers?: string[];
          /** @default null */
          udiDi?: string | null;
          hazard: string;
          actionRequired: string;
          /** Format: date */
          publishedOn: string;
        };
      };
    };
    responses: {
      /** @description The recall and its counts. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Recall'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This source’s reference is already recorded: `existingId` is that recall. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  previewRecall: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          source: 'FDA' | 'MHRA' | 'Manufacturer' | 'Other';
          sourceReference: string;
          title: string;
          manufacturer: string;
          models: string[];
          /** @default [] */
          serialNumbers?: string[];
          /** @default [] */
          serialRanges?: {
            from: string;
            to: string;
          }[];
          /** @default [] */
          lotNumbers?: string[];
          /** @default null */
          udiDi?: string | null;
          hazard: string;
          actionRequired: string;
          /** Format: date */
          publishedOn: string;
        };
      };
    };
    responses: {
      /** @description The matching devices. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecallPreview'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getRecall: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The recall. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Recall'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such recall. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateRecall: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          source: 'FDA' | 'MHRA' | 'Manufacturer' | 'Other';
          sourceReference: string;
          title: string;
          manufacturer: string;
          models: string[];
          /** @default [] */
          serialNumbers?: string[];
          /** @default [] */
          serialRanges?: {
            from: string;
            to: string;
          }[];
          /** @default [] */
          lotNumbers?: string[];
          /** @default null */
          udiDi?: string | null;
          hazard: string;
          actionRequired: string;
          /** Format: date */
          publishedOn: string;
          version: number;
        };
      };
    };
    responses: {
      /** @description The recall and its counts. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Recall'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such recall. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Changed by someone else since you read it, or another recall records this source’s reference (`existingId`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getRecallActions: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecallActionPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such recall. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  closeRecallAction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              /** @constant */
              closeWith: 'task';
              taskId: string;
              version?: number;
            }
          | {
              /** @constant */
              closeWith: 'decision';
              decision: string;
              version?: number;
            };
      };
    };
    responses: {
      /** @description The action. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecallAction'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such action. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Already closed, or changed since you read it. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The task is on another device, not completed, or does not exist. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  closeRecall: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          decision: string;
          version: number;
        };
      };
    };
    responses: {
      /** @description The closed recall. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Recall'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such recall. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Already closed, devices still await action, or changed since you read it. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDeviceRecalls: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{recalls: [{recall, action}]}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeviceRecalls'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listVendors: {
    parameters: {
      query?: {
        q?: string;
        kind?: 'manufacturer' | 'supplier' | 'service';
        status?: 'active' | 'retired' | 'all';
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['VendorPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  addVendor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          kinds: ('manufacturer' | 'supplier' | 'service')[];
          contactName?: string | null;
          phone?: string | null;
          email?: string | null;
          website?: string | null;
          notes?: string | null;
        };
      };
    };
    responses: {
      /** @description The new vendor. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Vendor'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The name is taken. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The list is full. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getVendor: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The vendor. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Vendor'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such vendor. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateVendor: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          kinds: ('manufacturer' | 'supplier' | 'service')[];
          contactName?: string | null;
          phone?: string | null;
          email?: string | null;
          website?: string | null;
          notes?: string | null;
          retired: boolean;
          version: number;
        };
      };
    };
    responses: {
      /** @description The vendor. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Vendor'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such vendor. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stale version, or the name is taken. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listServiceContracts: {
    parameters: {
      query?: {
        q?: string;
        vendorId?: string;
        equipmentId?: string;
        state?: 'current' | 'renewal-due' | 'upcoming' | 'ended' | 'all';
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServiceContractPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  addServiceContract: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          vendorId: string;
          reference: string;
          /** @enum {string} */
          kind: 'full-service' | 'pm-only' | 'parts' | 'time-and-materials';
          /** Format: date */
          startsOn: string;
          /** Format: date */
          endsOn: string;
          annualCost: number;
          responseHours?: number | null;
          pmIncluded: boolean;
          /** @default [] */
          equipmentIds?: string[];
          models?: {
            manufacturer: string;
            model: string;
          }[];
          departmentId?: string | null;
          notes?: string | null;
        };
      };
    };
    responses: {
      /** @description The contract. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServiceContract'];
        };
      };
      /** @description A field out of its range, an end before the start or more than 10 years after it, nothing covered, or a vendor, department or device not on its list (or retired, or deleted). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The vendor has a contract of that number already. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getServiceContract: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The contract. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServiceContract'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such service contract. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateServiceContract: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          vendorId: string;
          reference: string;
          /** @enum {string} */
          kind: 'full-service' | 'pm-only' | 'parts' | 'time-and-materials';
          /** Format: date */
          startsOn: string;
          /** Format: date */
          endsOn: string;
          annualCost: number;
          responseHours?: number | null;
          pmIncluded: boolean;
          /** @default [] */
          equipmentIds?: string[];
          models?: {
            manufacturer: string;
            model: string;
          }[];
          departmentId?: string | null;
          notes?: string | null;
          version: number;
        };
      };
    };
    responses: {
      /** @description The contract. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServiceContract'];
        };
      };
      /** @description A field out of its range, an end before the start or more than 10 years after it, nothing covered, or a vendor, department or device not on its list (or retired, or deleted). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such service contract. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stale version, or the vendor has a contract of that number already. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getEquipmentCover: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The covers (none: an empty list). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeviceCover'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not in the inventory, or not in your ward’s. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTasks: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
        q?: string;
        my?: boolean | '' | '0' | '1' | 'true' | 'false';
        reported?: boolean | '' | '0' | '1' | 'true' | 'false';
        unassigned?: boolean | '' | '0' | '1' | 'true' | 'false';
        open?: boolean | '' | '0' | '1' | 'true' | 'false';
        overdue?: boolean | '' | '0' | '1' | 'true' | 'false';
        awaitingCertification?: boolean | '' | '0' | '1' | 'true' | 'false';
        planned?: boolean | '' | '0' | '1' | 'true' | 'false';
        plan?: string;
        technician?: string;
        equipment?: string;
        status?: '' | ('Pending' | 'In Progress' | 'Completed' | 'Cancelled');
        taskType?: '' | ('Repair' | 'Install' | 'Inspect' | 'Assess' | 'Calibrate' | 'Preventive');
        priority?: '' | ('Low' | 'Medium' | 'High' | 'Urgent');
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaskPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createTask: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          /** @default  */
          description?: string;
          /**
           * @default Repair
           * @enum {string}
           */
          taskType?: 'Repair' | 'Install' | 'Inspect' | 'Assess' | 'Calibrate' | 'Preventive';
          pmType?:
            | (
                | ''
                | (
                    | 'Cleaning'
                    | 'Lubrication'
                    | 'Adjustment'
                    | 'Calibrations'
                    | 'Safety Testing'
                    | 'Filter Replacement'
                  )
              )
            | null;
          pmInterval?:
            | (
                | ''
                | (
                    | 'Daily'
                    | 'Weekly'
                    | 'Biweekly'
                    | 'Monthly'
                    | 'Quarterly'
                    | 'Biannually'
                    | 'Annually'
                    | 'Every 2 Years'
                  )
              )
            | null;
          /** @enum {string} */
          priority: 'Low' | 'Medium' | 'High' | 'Urgent';
          assignedTo?: ('' | string) | null;
          dueDate?: string | null;
          comments?: string | null;
          equipmentId: string;
          /**
           * @default Pending
           * @enum {string}
           */
          status?: 'Pending' | 'In Progress';
        };
      };
    };
    responses: {
      /** @description `{task}` */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaskCreated'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only; others report faults with Report Issue. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The device is not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A Preventive task on a Decommissioned or Auctioned device. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getTask: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The task, `statusHistory` and `audit` (newest first, at most 100 each, with their totals). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaskDetail'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task, or (for a Technician) neither assigned to them nor reported by them. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateTask: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title?: string;
          description?: string;
          /** @enum {string} */
          taskType?: 'Repair' | 'Install' | 'Inspect' | 'Assess' | 'Calibrate' | 'Preventive';
          pmType?:
            | (
                | ''
                | (
                    | 'Cleaning'
                    | 'Lubrication'
                    | 'Adjustment'
                    | 'Calibrations'
                    | 'Safety Testing'
                    | 'Filter Replacement'
                  )
              )
            | null;
          pmInterval?:
            | (
                | ''
                | (
                    | 'Daily'
                    | 'Weekly'
                    | 'Biweekly'
                    | 'Monthly'
                    | 'Quarterly'
                    | 'Biannually'
                    | 'Annually'
                    | 'Every 2 Years'
                  )
              )
            | null;
          /** @enum {string} */
          priority?: 'Low' | 'Medium' | 'High' | 'Urgent';
          assignedTo?: ('' | string) | null;
          dueDate?: string | null;
          comments?: string | null;
          version?: number;
        };
      };
    };
    responses: {
      /** @description The task. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Task'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stale version, the task is certified, a PM occurrence would lose its schedule, or a task would turn Preventive (schedule a PM plan instead). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteTask: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{_id}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaskDeleted'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The work is certified, or the task is a PM occurrence (cancel it, or retire its plan). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changeTaskStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          status: 'Pending' | 'In Progress' | 'Completed' | 'Cancelled';
          version?: number;
        };
      };
    };
    responses: {
      /** @description The task. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Task'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not yours to change, or Managers (who only read). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stale version, unassigned, or certified. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  recordTaskWork: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          faultDescription?: string | null;
          repairDetails?: string | null;
          sparePartsUsed?: {
            name: string;
            /** @default 1 */
            quantity?: number;
            /** @default  */
            description?: string;
            unitCost?: number | null;
          }[];
          labourHours?: number | null;
          sparePartsText?: string;
          version?: number;
        };
      };
    };
    responses: {
      /** @description The task. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Task'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not yours, or Managers. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stale version, certified or cancelled. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  recordTaskVendorCharges: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          charges: {
            vendorId: string;
            /** Format: date */
            visitDate: string;
            invoiceNumber?: string | null;
            amount: number;
            notes?: string | null;
          }[];
          version: number;
        };
      };
    };
    responses: {
      /** @description The task’s vendor charges. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaskVendorCharges'];
        };
      };
      /** @description A bad charge: an unknown or retired vendor, a visit after today, an amount below 0 or with more than two decimals, more than 20 charges. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stale version. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  recordTaskPartCosts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          parts: {
            unitCost?: number | null;
            supplierId?: string | null;
          }[];
          version: number;
        };
      };
    };
    responses: {
      /** @description The task. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Task'];
        };
      };
      /** @description Not one entry per part, a unit cost below 0 or with more than two decimals, an unknown or retired vendor. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stale version: the parts changed since they were read. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  certifyTask: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          version?: number;
        };
      };
    };
    responses: {
      /** @description The certified task. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Task'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not completed, not awaiting certification, or already certified. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  reportIssue: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          equipment: string;
          title: string;
          description: string;
          /**
           * @default Medium
           * @enum {string}
           */
          severity?: 'Low' | 'Medium' | 'High' | 'Critical';
          location?: string | null;
          reportedBy?: string;
        };
      };
    };
    responses: {
      /** @description `{task}` */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaskCreated'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The device is not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listOpenFaults: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{faults, total, page, pages, limit}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenFaultPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a device id. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  addToFaultReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          description: string;
        };
      };
    };
    responses: {
      /** @description The added report. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AddedReport'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The task is not a fault report (Repair), or it was completed, cancelled or certified meanwhile: report the fault as a new issue. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  schedulePreventiveMaintenance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          equipmentId: string;
          title: string;
          /** @default  */
          description?: string;
          /** @enum {string} */
          pmType:
            | 'Cleaning'
            | 'Lubrication'
            | 'Adjustment'
            | 'Calibrations'
            | 'Safety Testing'
            | 'Filter Replacement';
          /** @enum {string} */
          interval:
            | 'Daily'
            | 'Weekly'
            | 'Biweekly'
            | 'Monthly'
            | 'Quarterly'
            | 'Biannually'
            | 'Annually'
            | 'Every 2 Years';
          estimatedHours?: number | null;
          assignedTo?: ('' | string) | null;
          /**
           * @default Medium
           * @enum {string}
           */
          priority?: 'Low' | 'Medium' | 'High' | 'Urgent';
          /** Format: date */
          firstDueDate: string;
          /**
           * @default Manufacturer recommendation
           * @enum {string}
           */
          scheduleBasis?: 'Manufacturer recommendation' | 'Alternative maintenance schedule';
          justification?: string | null;
        };
      };
    };
    responses: {
      /** @description `{plan, task}` */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PmPlanCreated'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The device is not in the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getPmCompliance: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        department?: string;
        category?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{from, to, today, department, category, overall, highRisk, lifeSupport, overdue: {total}, unplanned: {total}, riskDataAsOf}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PmCompliance'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listOverduePm: {
    parameters: {
      query?: {
        department?: string;
        category?: string;
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{items, total, page, pages, limit, today}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OverduePmPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listUnplannedPmDevices: {
    parameters: {
      query?: {
        department?: string;
        category?: string;
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{items, total, page, pages, limit}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UnplannedDevicePage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listPmPlans: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
        equipment?: string;
        state?: 'active' | 'retired' | 'all';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{plans, total, page, pages, limit}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PmPlanPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getPmPlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The plan. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PmPlan'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such plan. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updatePmPlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title?: string;
          description?: string;
          /** @enum {string} */
          pmType?:
            | 'Cleaning'
            | 'Lubrication'
            | 'Adjustment'
            | 'Calibrations'
            | 'Safety Testing'
            | 'Filter Replacement';
          /** @enum {string} */
          interval?:
            | 'Daily'
            | 'Weekly'
            | 'Biweekly'
            | 'Monthly'
            | 'Quarterly'
            | 'Biannually'
            | 'Annually'
            | 'Every 2 Years';
          estimatedHours?: number | null;
          assignedTo?: ('' | string) | null;
          /** @enum {string} */
          priority?: 'Low' | 'Medium' | 'High' | 'Urgent';
          /** Format: date */
          nextDueDate?: string;
          /** @enum {string} */
          scheduleBasis?: 'Manufacturer recommendation' | 'Alternative maintenance schedule';
          justification?: string | null;
          version?: number;
        };
      };
    };
    responses: {
      /** @description The plan. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PmPlan'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such plan. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Retired, or changed since `version`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  retirePmPlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          reason: string;
          version?: number;
        };
      };
    };
    responses: {
      /** @description The retired plan. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PmPlan'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such plan. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Already retired, or changed since `version`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getEquipmentMaintenanceHistory: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{tasks, total, page, pages, limit}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeviceHistoryPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a device id. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getEquipmentSafetyTests: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{tests, total, due}` (`DeviceSafetyTests`) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeviceSafetyTests'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a device id. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  recordSafetyTest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          test: {
            /** Format: date */
            testedOn: string;
            testerName: string;
            instrument: string;
            instrumentCalibratedOn?: (string | null) | null;
            /** @enum {string} */
            protectionClass: 'I' | 'II' | 'Internally powered';
            /** @enum {string} */
            leakageMethod: 'alternative' | 'direct' | 'differential';
            /**
             * @default alternative
             * @enum {string}
             */
            appliedPartMethod?: 'alternative' | 'direct';
            /** @default true */
            peWithCord?: boolean;
            protectiveEarthOhm: number | null;
            insulationMegaohm: number | null;
            equipmentLeakageMicroamp: number | null;
            /** @default [] */
            appliedParts?: {
              name: string;
              /** @enum {string} */
              type: 'B' | 'BF' | 'CF';
              leakageMicroamp: number | null;
            }[];
            /** @enum {string} */
            visualInspection: 'Pass' | 'Fail';
            /** @default  */
            notes?: string;
            readingBounds?: {
              key: string;
              /** @enum {string} */
              bound: '>' | '<';
            }[];
          };
          /** @default false */
          openRepairTask?: boolean;
        };
      };
    };
    responses: {
      /** @description `{test}` (`SafetyTestDto`) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SafetyTestRecorded'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a device of the inventory. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The device is decommissioned or auctioned. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSafetyTest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `SafetyTestDto` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SafetyTest'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such test. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  previewSafetyImport: {
    parameters: {
      query?: {
        fileName?: string;
        openRepairTasks?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The analyser's CSV export, its bytes as the body (any Content-Type), streamed; at most 2 MB. */
    requestBody: {
      content: {
        'application/octet-stream': string;
      };
    };
    responses: {
      /** @description `SafetyImportPreview` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SafetyImportPreview'];
        };
      };
      /** @description Invalid query (`fileName` must end in .csv); or the file is empty, not CSV text, in no format Caliber reads, or holds no tests; `message` says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than 2 MB or holds more than 1,000 tests, or it needs more than 64 MB of memory or 10 s to read. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file's type, read from its bytes, is not one its purpose takes (`message` lists them). */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You are sending two files already, or your previous analyser file is still being read and checked: wait for its answer (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The server is receiving as many files as it takes at once, or the maintenance service is reading ten analyser files already or not answering; try again (`Retry-After`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  applySafetyImport: {
    parameters: {
      query?: {
        fileName?: string;
        openRepairTasks?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The analyser's CSV export, its bytes as the body (any Content-Type), streamed; at most 2 MB. */
    requestBody: {
      content: {
        'application/octet-stream': string;
      };
    };
    responses: {
      /** @description `SafetyImportApplied`: the preview with what was written. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SafetyImportApplied'];
        };
      };
      /** @description Invalid query (`fileName` must end in .csv); or the file is empty, not CSV text, in no format Caliber reads, or holds no tests; `message` says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than 2 MB or holds more than 1,000 tests, or it needs more than 64 MB of memory or 10 s to read. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file's type, read from its bytes, is not one its purpose takes (`message` lists them). */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You are sending two files already, or your previous analyser file is still being read and checked: wait for its answer (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The server is receiving as many files as it takes at once, or the maintenance service is reading ten analyser files already or not answering; try again (`Retry-After`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  generateReport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          reports: (
            | 'equipmentStatus'
            | 'taskManagement'
            | 'preventiveVsCorrective'
            | 'staffPerformance'
            | 'inventorySpareParts'
            | 'downtimeAnalysis'
            | 'financialCost'
            | 'complianceAudit'
            | 'costOfService'
          )[];
          filters: {
            /** Format: date */
            dateFrom: string;
            /** Format: date */
            dateTo: string;
            /** @default [] */
            departments?: string[];
            /** @default [] */
            categories?: string[];
            staff?: string | null;
          };
          options?: {
            /**
             * @default pdf
             * @enum {string}
             */
            format?: 'pdf' | 'xlsx' | 'docx';
            /**
             * @default {
             *       "charts": true,
             *       "summary": true
             *     }
             */
            visuals?: {
              /** @default true */
              charts?: boolean;
              /** @default true */
              summary?: boolean;
            };
            /**
             * @default {
             *       "interactiveExport": false,
             *       "trendPrediction": false,
             *       "heatMaps": false
             *     }
             */
            advanced?: {
              /** @default false */
              interactiveExport?: boolean;
              /** @default false */
              trendPrediction?: boolean;
              /** @default false */
              heatMaps?: boolean;
            };
            /**
             * @default {
             *       "enabled": false,
             *       "frequency": "monthly"
             *     }
             */
            schedule?: {
              /** @default false */
              enabled?: boolean;
              /**
               * @default monthly
               * @enum {string}
               */
              frequency?: 'weekly' | 'monthly' | 'quarterly';
            };
            delivery?: {
              /** @default true */
              downloadNow?: boolean;
              email?: ('' | string) | null;
            };
          };
        };
      };
    };
    responses: {
      /** @description With Download Now, when the report is ready within `REPORT_WAIT_SECONDS`: the file itself, as an attachment. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': string;
        };
      };
      /** @description `{fileUrl, jobId, scheduleId}` */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportQueued'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `REPORT_LIMIT_REACHED`: the caller already has `REPORT_MAX_ACTIVE_PER_PERSON` (3) reports being prepared, or `REPORT_MAX_SCHEDULES_PER_PERSON` (10) live schedules; `message` says which and what to do. Nothing is stored. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listReports: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
        everyone?: boolean | ('0' | '1' | 'true' | 'false');
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{jobs, total, page, pages}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportJobPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listReportSchedules: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{schedules}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportScheduleList'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  cancelReportSchedule: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{_id}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Removed'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such schedule (or not yours). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportJob'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such report (or not yours). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getReportFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file, as an attachment. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': string;
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such report (or not yours), or it expired. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not written yet. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDashboard: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `DashboardResponse` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Dashboard'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAuditTrail: {
    parameters: {
      query?: {
        equipment?: string;
        person?: string;
        from?: string;
        to?: string;
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `AuditTrailPage` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditTrailPage'];
        };
      };
      /** @description A filter or the cursor is not valid. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listNotifications: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
        unread?: boolean | ('true' | 'false');
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page and your unread count. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotificationPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  markNotificationRead: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Your unread count. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotificationUnread'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such notification of yours. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  markAllNotificationsRead: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Your unread count. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotificationUnread'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  unsubscribeNotifications: {
    parameters: {
      query?: {
        token?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What was turned off, in words. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Unsubscribed'];
        };
      };
      /** @description The link is not valid (changed, or signed with a key since rotated). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listNotificationDeliveries: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
        state?: 'pending' | 'sent' | 'failed' | 'skipped';
        channel?: 'email' | 'sms';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the record. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeliveryRecordPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDepartmentCover: {
    parameters: {
      query?: {
        department?: string;
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The department’s cover. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DepartmentCover'];
        };
      };
      /** @description No department given, or not one of the hospital’s. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  setCoveringEngineers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          department: string;
          engineerIds: string[];
        };
      };
    };
    responses: {
      /** @description The department’s cover. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DepartmentCover'];
        };
      };
      /** @description Not a department of the hospital’s, or someone named is not an active Engineer or Admin. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  addOnCallShift: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          department: string;
          engineerId: string;
          /** Format: date-time */
          from: string;
          /** Format: date-time */
          to: string;
        };
      };
    };
    responses: {
      /** @description The shift. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OnCallShift'];
        };
      };
      /** @description A bad date, department or engineer, or the rota ahead is full. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeOnCallShift: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The id of the shift removed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Removed'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such shift. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getCostSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The hospital currency. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CostSettings'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  setCostSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          currency: string;
        };
      };
    };
    responses: {
      /** @description The hospital currency. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CostSettings'];
        };
      };
      /** @description Not an ISO 4217 currency code. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listLabourRates: {
    parameters: {
      query?: {
        role?: 'Technician' | 'Engineer' | 'Manager' | 'Admin';
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The rates. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LabourRatePage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  addLabourRate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          role: 'Technician' | 'Engineer' | 'Manager' | 'Admin';
          hourlyRate: number;
          /** Format: date */
          from: string;
        };
      };
    };
    responses: {
      /** @description The rate. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LabourRate'];
        };
      };
      /** @description A bad role, rate or date; a date before today or before the role’s latest rate; no currency set yet. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The role has a rate from that day already. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  withdrawLabourRate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The id of the rate withdrawn. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Removed'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such rate. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate has started: it priced work already. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The service behind this route is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listEquipmentDocuments: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of documents. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such device, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The equipment service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  attachEquipmentDocument: {
    parameters: {
      query?: {
        purpose?: 'photo' | 'manual' | 'report' | 'certificate' | 'printout' | 'notice';
        fileName?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description The file's bytes, streamed. */
    requestBody: {
      content: {
        'application/octet-stream': string;
      };
    };
    responses: {
      /** @description The document as kept. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Document'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not one who may add documents to a device. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such device, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The record holds 200 documents already. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than its purpose allows (`message` names the limit). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file's type, read from its bytes, is not one its purpose takes (`message` lists them). */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You are sending two files already: wait for one to finish (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The server is receiving as many files as it takes at once, or the service that keeps them is not answering; try again (`Retry-After`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  downloadEquipmentDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such device, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The equipment service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeEquipmentDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Neither who added the document nor an Engineer or Admin. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such device, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The equipment service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getEquipmentDocumentThumbnail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The thumbnail. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/webp': string;
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such device, or not one the person may read; or no such document on it. Or the document is not a picture. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The equipment service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listRecallDocuments: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of documents. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such recall, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The equipment service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  attachRecallDocument: {
    parameters: {
      query?: {
        purpose?: 'photo' | 'manual' | 'report' | 'certificate' | 'printout' | 'notice';
        fileName?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description The file's bytes, streamed. */
    requestBody: {
      content: {
        'application/octet-stream': string;
      };
    };
    responses: {
      /** @description The document as kept. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Document'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not one who may add documents to a recall. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such recall, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The record holds 200 documents already. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than its purpose allows (`message` names the limit). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file's type, read from its bytes, is not one its purpose takes (`message` lists them). */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You are sending two files already: wait for one to finish (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The server is receiving as many files as it takes at once, or the service that keeps them is not answering; try again (`Retry-After`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  downloadRecallDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such recall, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The equipment service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeRecallDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Neither who added the document nor an Engineer or Admin. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such recall, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The equipment service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getRecallDocumentThumbnail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The thumbnail. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/webp': string;
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such recall, or not one the person may read; or no such document on it. Or the document is not a picture. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The equipment service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTaskDocuments: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of documents. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The maintenance service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  attachTaskDocument: {
    parameters: {
      query?: {
        purpose?: 'photo' | 'manual' | 'report' | 'certificate' | 'printout' | 'notice';
        fileName?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description The file's bytes, streamed. */
    requestBody: {
      content: {
        'application/octet-stream': string;
      };
    };
    responses: {
      /** @description The document as kept. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Document'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not one who may add documents to a task. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The record holds 200 documents already. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than its purpose allows (`message` names the limit). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file's type, read from its bytes, is not one its purpose takes (`message` lists them). */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You are sending two files already: wait for one to finish (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The server is receiving as many files as it takes at once, or the service that keeps them is not answering; try again (`Retry-After`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  downloadTaskDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The maintenance service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeTaskDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Neither who added the document nor an Engineer or Admin. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The maintenance service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getTaskDocumentThumbnail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The thumbnail. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/webp': string;
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such task, or not one the person may read; or no such document on it. Or the document is not a picture. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The maintenance service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listSafetyTestDocuments: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of documents. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentPage'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such safety test, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The maintenance service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  attachSafetyTestDocument: {
    parameters: {
      query?: {
        purpose?: 'photo' | 'manual' | 'report' | 'certificate' | 'printout' | 'notice';
        fileName?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description The file's bytes, streamed. */
    requestBody: {
      content: {
        'application/octet-stream': string;
      };
    };
    responses: {
      /** @description The document as kept. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Document'];
        };
      };
      /** @description Invalid input; `message` says what to fix. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not one who may add documents to a safety test. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such safety test, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The record holds 200 documents already. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than its purpose allows (`message` names the limit). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file's type, read from its bytes, is not one its purpose takes (`message` lists them). */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You are sending two files already: wait for one to finish (`Retry-After`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The server is receiving as many files as it takes at once, or the service that keeps them is not answering; try again (`Retry-After`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  downloadSafetyTestDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such safety test, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The maintenance service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeSafetyTestDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Neither who added the document nor an Engineer or Admin. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such safety test, or not one the person may read; or no such document on it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The maintenance service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSafetyTestDocumentThumbnail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The thumbnail. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/webp': string;
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Technicians, Engineers, Managers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such safety test, or not one the person may read; or no such document on it. Or the document is not a picture. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The maintenance service is not answering; try again. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description All up. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
      /** @description The address is not valid text: a percent-escape that is not UTF-8, or a NUL. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Something is down; the body says which part. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
    };
  };
  getHealthReady: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{status: "ok"}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Readiness'];
        };
      };
      /** @description The address is not valid text: a percent-escape that is not UTF-8, or a NUL. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `{status: "unavailable"}`: NATS cannot be reached. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Readiness'];
        };
      };
    };
  };
  getHealthDetails: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description All up. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HealthDetails'];
        };
      };
      /** @description No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …"). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Engineers and Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Something is down; the body says what and why. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HealthDetails'];
        };
      };
    };
  };
}
