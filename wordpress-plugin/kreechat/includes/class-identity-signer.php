<?php
/**
 * Signs a logged-in visitor's identity for KreeChat.
 *
 * @package KreeChat
 */

namespace KreeChat;

defined( 'ABSPATH' ) || exit;

/**
 * Makes `<payload>.<signature>`: payload is the base64url (no padding) of
 * `{"v":1,"tokenId":…,"email":…,"name":…,"exp":…,"nonce":…}`, signature the lowercase hex HMAC-SHA256 of that
 * payload string keyed by the token's secret. KreeChat (server/src/channels/wordpress/identity.ts) takes the e-mail
 * as verified only with a valid signature, for this token, before `exp`, and only once: the random nonce makes every
 * signature new, so two page loads in the same second each get one of their own. Pure PHP with no WordPress calls,
 * and the caller gives the time, so it is tested alone.
 */
final class Identity_Signer {
	/** Seconds an identity stays valid; KreeChat refuses any that lives longer than 15 minutes. */
	public const LIFETIME = 600;

	/** KreeChat's longest name (UTF-16 code units, as its schema counts them): longer names are cut, not refused. */
	public const NAME_MAX = 200;

	/** Random bytes in a nonce (hex in the payload; KreeChat takes 16 to 64 base64url characters). */
	public const NONCE_BYTES = 16;

	/**
	 * A signer for one token.
	 *
	 * @param string $token_id The public token id, signed into the payload so it cannot serve another token.
	 * @param string $secret   The token's secret.
	 */
	public function __construct( private readonly string $token_id, private readonly string $secret ) {}

	/**
	 * The signed identity of a user, valid for LIFETIME seconds from `$now`.
	 *
	 * @param string      $email The user's e-mail.
	 * @param string      $name  The user's display name.
	 * @param int         $now   Unix seconds.
	 * @param string|null $nonce Tests pin it; otherwise NONCE_BYTES random bytes, in hex.
	 */
	public function sign( string $email, string $name, int $now, ?string $nonce = null ): string {
		$json    = json_encode(
			array(
				'v'       => 1,
				'tokenId' => $this->token_id,
				'email'   => $email,
				'name'    => self::cut_name( $name ),
				'exp'     => $now + self::LIFETIME,
				'nonce'   => $nonce ?? bin2hex( random_bytes( self::NONCE_BYTES ) ),
			),
			JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR
		);
		$payload = self::base64url( $json );
		return $payload . '.' . hash_hmac( 'sha256', $payload, $this->secret );
	}

	/**
	 * Base64url without padding (RFC 4648 §5), what KreeChat's `Buffer.from(…, 'base64url')` reads.
	 *
	 * @param string $bytes Any bytes.
	 */
	public static function base64url( string $bytes ): string {
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' );
	}

	/**
	 * The name trimmed and cut to NAME_MAX UTF-16 code units, never inside a character.
	 *
	 * @param string $name A display name.
	 */
	private static function cut_name( string $name ): string {
		$name = trim( mb_scrub( $name, 'UTF-8' ) );
		$kept = '';
		$used = 0;
		foreach ( mb_str_split( $name, 1, 'UTF-8' ) as $character ) {
			// Characters beyond the Basic Multilingual Plane (4 bytes in UTF-8) take two UTF-16 units.
			$used += strlen( $character ) === 4 ? 2 : 1;
			if ( $used > self::NAME_MAX ) {
				break;
			}
			$kept .= $character;
		}
		return $kept;
	}
}
