<?php
/**
 * The chat widget on the site's pages.
 *
 * @package KreeChat
 */

namespace KreeChat;

defined( 'ABSPATH' ) || exit;

/**
 * Puts KreeChat's widget script on every front-end page, deferred in the footer, with its configuration printed
 * just before it:
 *
 *     window.kreechatWidget = { server, tokenId, identityUrl, nonce, requireConsent, locale };
 *
 * `identityUrl` and `nonce` are set for a logged-in user only (the widget fetches the signed identity with them);
 * for everyone else both are null, so a page a full-page cache keeps for logged-out visitors holds nothing
 * personal. The secret is never in a page. Also defines `window.KreeChat.consent()`, the call a cookie banner
 * makes when "Require consent" is on.
 */
final class Widget {
	public const HANDLE = 'kreechat-widget';

	/**
	 * How the configuration is encoded into the inline script: `<`, `>`, `&`, `'` and `"` inside a value become
	 * \u escapes, so no value — a locale a filter returns, an address — can close the script tag (`</script>`) or
	 * open an HTML comment in it (`<!--`). Slashes stay as they are: without a `<` before them they end nothing.
	 */
	public const JSON_FLAGS = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES;

	/** Hooks the widget in. */
	public static function register(): void {
		add_action( 'wp_enqueue_scripts', array( self::class, 'enqueue' ) );
		add_filter( 'script_loader_tag', array( self::class, 'defer' ), 10, 2 );
	}

	/** Enqueues the script and its configuration, unless the plugin is not set up or a theme hid the widget. */
	public static function enqueue(): void {
		if ( ! Options::is_configured() ) {
			return;
		}
		/**
		 * Whether the KreeChat widget shows on the page being rendered; return false to hide it (conditional tags
		 * such as is_page() work here).
		 *
		 * @param bool $show Default true.
		 */
		if ( ! apply_filters( 'kreechat_show_widget', true ) ) {
			return;
		}
		$settings = Options::settings();
		// No version query: the script's caching is the KreeChat server's business.
		wp_enqueue_script( self::HANDLE, $settings['address'] . '/api/widget/widget.js', array(), null, true ); // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion
		wp_add_inline_script( self::HANDLE, self::inline_script( $settings ), 'before' );
	}

	/**
	 * The configuration and the consent call, as printed before the widget script.
	 *
	 * @param array{address: string, token_id: string, require_consent: bool} $settings The saved settings.
	 */
	private static function inline_script( array $settings ): string {
		$logged_in = is_user_logged_in();
		return self::config_script(
			array(
				'server'         => $settings['address'],
				'tokenId'        => $settings['token_id'],
				'identityUrl'    => $logged_in ? rest_url( Identity_Route::NAMESPACE . Identity_Route::ROUTE ) : null,
				'nonce'          => $logged_in ? wp_create_nonce( 'wp_rest' ) : null,
				'requireConsent' => $settings['require_consent'],
				'locale'         => get_locale(),
			)
		);
	}

	/**
	 * The inline script for a configuration: `window.kreechatWidget` and the consent call. Pure but for
	 * wp_json_encode (json_encode with WordPress's checks), so it is tested without WordPress.
	 *
	 * @param array<string, string|bool|null> $config What the widget reads.
	 */
	public static function config_script( array $config ): string {
		return 'window.kreechatWidget = ' . wp_json_encode( $config, self::JSON_FLAGS ) . ";\n"
			. "window.KreeChat = window.KreeChat || {};\n"
			. "window.KreeChat.consent = function () { window.KreeChat.consented = true; document.dispatchEvent(new Event('kreechat:consent')); };";
	}

	/**
	 * Adds `defer` to the widget's script tag (WordPress 6.1 has no `strategy` argument; it came in 6.3).
	 *
	 * @param string $tag    The printed tags: the inline configuration, then the script.
	 * @param string $handle The script's handle.
	 */
	public static function defer( string $tag, string $handle ): string {
		if ( self::HANDLE !== $handle || str_contains( $tag, ' defer' ) ) {
			return $tag;
		}
		// Only the tag with a src: the inline configuration before it must run at once.
		return preg_replace( '/<script(?=[^>]*\ssrc=)/', '<script defer', $tag, 1 ) ?? $tag;
	}
}
