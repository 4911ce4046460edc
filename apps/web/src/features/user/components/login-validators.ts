// Loaded on demand by the login form: the contract's validators bring zod with them, which the
// first paint of /login does not need. Importing the package itself dynamically would drag every
// contract module (and zod) into the shared chunks the entry loads.
export { accountName, loginPassword } from '@netconsole/contract';
