<?php
/**
 * The signed identity of the logged-in user, for the widget.
 *
 * @package KreeChat
 */

namespace KreeChat;

defined( 'ABSPATH' ) || exit;

/**
 * `GET /wp-json/kreechat/v1/identity` (or `?rest_route=/kreechat/v1/identity`): `{ "identity": "<payload>.<sig>" }`
 * for the logged-in user, signed by Identity_Signer. Logged-in users only, and WordPress takes the login cookie for
 * a REST call only with the `X-WP-Nonce` of that user, so another site's page cannot ask for it. Never cached: the
 * answer is one user's, sent with `Cache-Control: no-store, private` and `Vary: Cookie`.
 */
final class Identity_Route {
	public const NAMESPACE = 'kreechat/v1';
	public const ROUTE     = '/identity';

	private const CACHE_CONTROL = 'no-store, no-cache, must-revalidate, max-age=0, private';

	/** Hooks the route in. */
	public static function register(): void {
		add_action( 'rest_api_init', array( self::class, 'add_route' ) );
	}

	/** The route. */
	public static function add_route(): void {
		register_rest_route(
			self::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => \WP_REST_Server::READABLE,
				'callback'            => array( self::class, 'respond' ),
				'permission_callback' => 'is_user_logged_in',
			)
		);
	}

	/**
	 * The signed identity of the current user.
	 *
	 * @return \WP_REST_Response|\WP_Error
	 */
	public static function respond() {
		// WordPress's REST server sends its no-cache headers after this callback, for logged-in users: the filter
		// makes them ours, so `no-store, private` is what leaves, whatever sends them last.
		add_filter( 'nocache_headers', array( self::class, 'no_store' ) );
		nocache_headers();
		$settings = Options::settings();
		$secret   = Options::secret();
		if ( '' === $settings['token_id'] || '' === $secret ) {
			return new \WP_Error( 'kreechat_not_configured', __( 'KreeChat is not set up on this site.', 'kreechat' ), array( 'status' => 503 ) );
		}
		$user     = wp_get_current_user();
		$signer   = new Identity_Signer( $settings['token_id'], $secret );
		$response = new \WP_REST_Response( array( 'identity' => $signer->sign( $user->user_email, $user->display_name, time() ) ) );
		$response->header( 'Cache-Control', self::CACHE_CONTROL );
		$response->header( 'Vary', 'Cookie' );
		return $response;
	}

	/**
	 * WordPress's no-cache headers, with a Cache-Control that no shared cache may store.
	 *
	 * @param array<string, string> $headers The headers nocache_headers() sends.
	 * @return array<string, string>
	 */
	public static function no_store( array $headers ): array {
		$headers['Cache-Control'] = self::CACHE_CONTROL;
		return $headers;
	}
}
