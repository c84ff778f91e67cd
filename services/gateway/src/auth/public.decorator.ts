import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'caliber:isPublic';
/** Marks a route that needs no session (sign-in, health). Every other route does. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
