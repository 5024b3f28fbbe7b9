import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { NoNul, UUID_PATTERN } from '@app/platform';

/** POST /api/v2/login. */
export class LoginDto {
  @ApiProperty({ example: 'secret' })
  @IsString()
  // The reference's wording, with an absent method read as "" (class-validator leaves `$value` as is then).
  @Matches(/^secret$/i, { message: ({ value }) => `Login method ${String(value ?? '')} is not supported.` })
  login_method: string;

  // Constraints report in reverse decorator order: "must be a string" comes first for a missing field.
  @ApiProperty({ example: 'admin' }) @NoNul() @MaxLength(1000) @IsNotEmpty() @IsString() username: string;
  @ApiProperty() @MaxLength(1000) @IsNotEmpty() @IsString() secret: string;
  @ApiPropertyOptional({ description: 'One-time password (TOTP is not enabled for any user yet)' })
  @IsOptional() @IsString() @MaxLength(16) otp?: string;
}

/** POST /api/v2/tokens. */
export class CreateTokenDto {
  @ApiProperty() @NoNul() @MaxLength(1000) @IsNotEmpty() @IsString() token_name: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'Owner (default: the caller; another user needs auth:ManageUsers)' })
  @IsOptional()
  @Matches(UUID_PATTERN, { message: 'user_id must be a UUID' })
  user_id?: string;
}
