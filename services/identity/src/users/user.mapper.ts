import type { UserDto } from '@caliber/contracts';
import type { UserEntity } from './user.entity';

export function toUserDto(user: UserEntity): UserDto {
  return {
    _id: user.id,
    serviceNumber: user.serviceNumber,
    name: user.name,
    email: user.email,
    emailConfirmed: user.email !== null && user.emailConfirmedAt !== null,
    pendingEmail: user.pendingEmail,
    phoneNumber: user.phoneNumber,
    role: user.role,
    department: user.department,
    isActive: user.isActive,
    preApproved: user.preApproved,
    avatar: user.avatar,
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    notifications: user.notifications,
    reportDefaults: user.reportDefaults,
    theme: user.theme,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
