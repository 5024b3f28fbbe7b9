/** The role read model with its permissions, as one JSON object per row of `roles r`. */
export const ROLE_JSON = `jsonb_build_object(
  'id', r.id, 'name', r.name, 'description', r.description,
  'created_at', r.created_at, 'updated_at', r.updated_at, 'deleted_at', r.deleted_at,
  'permissions', (SELECT COALESCE(jsonb_agg(to_jsonb(p) ORDER BY p.id), '[]'::jsonb)
                  FROM roles_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id))`;

/** Roles, one row each, for list queries over alias `x`. */
export const ROLES_VIEW = `SELECT r.id, r.name, r.description, r.created_at, r.updated_at, r.deleted_at, ${ROLE_JSON} AS role
  FROM roles r`;

/** Live users with credentials (never the digest) and roles, one row each, for list queries over alias `x`. */
export const USERS_VIEW = `SELECT u.*, sp.id AS saml_provider_id,
  CASE WHEN s.id IS NULL THEN NULL ELSE jsonb_build_object(
    'id', s.id, 'digest_method', s.digest_method, 'expires_at', s.expires_at, 'totp_activated', s.totp_activated,
    'created_at', s.created_at, 'updated_at', s.updated_at) END AS auth_secret,
  (SELECT COALESCE(jsonb_agg(${ROLE_JSON} ORDER BY r.id), '[]'::jsonb)
     FROM users_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles
  FROM users u
  LEFT JOIN auth_secrets s ON s.user_id = u.id AND s.deleted_at IS NULL
  LEFT JOIN saml_providers sp ON sp.sso_provider_id = u.sso_provider_id
  WHERE u.deleted_at IS NULL`;
