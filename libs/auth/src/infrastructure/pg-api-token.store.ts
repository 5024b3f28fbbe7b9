import { Injectable } from '@nestjs/common';
import { applyListQuery, Database, dateOf, optionalDate, type ListQuery, type Row } from '@app/platform';
import { TOKEN_LIST } from '../application/list-specs.js';
import { ApiTokenStore, type ApiToken } from '../application/ports.js';

const COLUMNS = ['t.id AS id', 't.user_id AS user_id', 't.name AS name', 't.hmac_method AS hmac_method',
  't.last_access AS last_access', 't.created_at AS created_at', 't.updated_at AS updated_at', 't.deleted_at AS deleted_at'];

function toToken(row: Row): ApiToken {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    name: String(row.name),
    hmacMethod: String(row.hmac_method),
    lastAccess: optionalDate(row.last_access),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}

@Injectable()
export class PgApiTokenStore extends ApiTokenStore {
  constructor(private readonly db: Database) {
    super();
  }

  async create(input: { userId: string; name: string; encryptedKey: string }): Promise<ApiToken> {
    const [row] = await this.db.query<Row>(
      `INSERT INTO auth_tokens AS t (user_id, name, key_ciphertext) VALUES ($1, $2, $3) RETURNING ${COLUMNS.join(', ')}`,
      [input.userId, input.name, input.encryptedKey],
    );
    return toToken(row);
  }

  list(query: ListQuery, ownerId?: string): Promise<ApiToken[]> {
    return this.db.transaction(async (m) => {
      // Tokens of deleted users are unusable (their owner is gone), so they are not listed either.
      const qb = m.createQueryBuilder().select(COLUMNS).from('auth_tokens', 't').where('t.deleted_at IS NULL')
        .andWhere('EXISTS (SELECT 1 FROM users u WHERE u.id = t.user_id AND u.deleted_at IS NULL)');
      if (ownerId) qb.andWhere('t.user_id = :owner', { owner: ownerId });
      return (await applyListQuery(qb, TOKEN_LIST, query).getRawMany()).map(toToken);
    });
  }

  async find(id: string): Promise<ApiToken | null> {
    const [row] = await this.db.query<Row>(
      `SELECT ${COLUMNS.join(', ')} FROM auth_tokens t WHERE t.id = $1 AND t.deleted_at IS NULL`, [id],
    );
    return row ? toToken(row) : null;
  }

  async findEncryptedKey(id: string): Promise<{ userId: string; encryptedKey: string } | null> {
    const [row] = await this.db.query<Row>(
      'SELECT user_id, key_ciphertext FROM auth_tokens WHERE id = $1 AND deleted_at IS NULL', [id],
    );
    return row ? { userId: String(row.user_id), encryptedKey: String(row.key_ciphertext) } : null;
  }

  async softDelete(id: string): Promise<void> {
    await this.db.query('UPDATE auth_tokens SET deleted_at = now(), updated_at = now() WHERE id = $1', [id]);
  }

  async touch(id: string): Promise<void> {
    await this.db.query('UPDATE auth_tokens SET last_access = now() WHERE id = $1', [id]);
  }
}
