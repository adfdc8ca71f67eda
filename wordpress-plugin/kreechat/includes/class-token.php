<?php
/**
 * The token an admin pastes from KreeChat.
 *
 * @package KreeChat
 */

namespace KreeChat;

defined( 'ABSPATH' ) || exit;

/**
 * A KreeChat WordPress token, `<tokenId>.<secret>`: the id is public (the widget carries it in every page), the
 * secret signs logged-in visitors' identities and never leaves the site's options. Pure PHP, no WordPress calls.
 */
final class Token {
	/** The id KreeChat hands out (`packages/contract`'s deleteWpTokenParamsSchema checks the same). */
	public const ID_PATTERN = '/^wpt_[A-Za-z0-9_-]{16,40}$/';

	/** The secret, base64url; KreeChat makes 32 random bytes (43 characters), so fewer than 32 is a paste cut short. */
	public const SECRET_PATTERN = '/^[A-Za-z0-9_-]{32,200}$/';

	/**
	 * A token from its parts.
	 *
	 * @param string $id     The public token id.
	 * @param string $secret The signing secret.
	 */
	private function __construct( public readonly string $id, public readonly string $secret ) {}

	/**
	 * Reads a pasted token; null when it is not `<tokenId>.<secret>` of the right shapes. Spaces around it (a
	 * copy from a page often brings some) are ignored.
	 *
	 * @param string $pasted What the admin pasted.
	 */
	public static function parse( string $pasted ): ?self {
		$parts = explode( '.', trim( $pasted ) );
		if ( 2 !== count( $parts ) ) {
			return null;
		}
		[ $id, $secret ] = $parts;
		if ( ! self::is_id( $id ) || 1 !== preg_match( self::SECRET_PATTERN, $secret ) ) {
			return null;
		}
		return new self( $id, $secret );
	}

	/**
	 * Whether `$id` has the shape of a token id.
	 *
	 * @param string $id A token id.
	 */
	public static function is_id( string $id ): bool {
		return 1 === preg_match( self::ID_PATTERN, $id );
	}
}
