/**
 * The people the API document's examples name, written once so that every example tells one
 * story: Grace Okafor, the biomedical engineer who looks after the ICU's devices, and Samuel
 * Mensah, the technician who repairs and tests them. Each is as a record names a person
 * (`UserRef`); the examples of the records themselves live beside their schemas.
 */
export const EXAMPLE_ENGINEER = { _id: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', name: 'Grace Okafor' };
export const EXAMPLE_TECHNICIAN = { _id: '3a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d', name: 'Samuel Mensah' };
/** Ruth Adeyemi, the ward nurse who reports a fault the engineers already know of. */
export const EXAMPLE_WARD_NURSE = { _id: '9e4b2a61-7d3c-4f8e-a1b5-c6d7e8f90a12', name: 'Ruth Adeyemi' };
