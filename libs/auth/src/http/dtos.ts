import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** POST /api/v2/login. */
export class LoginDto {
  @ApiProperty({ example: 'secret' })
  @IsString()
  @Matches(/^secret$/i, { message: 'Login method $value is not supported.' })
  login_method: string;

  @ApiProperty({ example: 'admin' }) @IsString() @IsNotEmpty() @MaxLength(1000) username: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(1000) secret: string;
  @ApiPropertyOptional({ description: 'One-time password (TOTP is not enabled for any user yet)' })
  @IsOptional() @IsString() @MaxLength(16) otp?: string;
}

/** POST /api/v2/tokens. */
export class CreateTokenDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(1000) token_name: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'Owner (default: the caller; another user needs auth:ManageUsers)' })
  @IsOptional()
  @Matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: 'user_id must be a UUID' })
  user_id?: string;
}
