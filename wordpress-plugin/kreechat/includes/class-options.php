<?php
/**
 * Where the plugin keeps its settings.
 *
 * @package KreeChat
 */

namespace KreeChat;

defined( 'ABSPATH' ) || exit;

/**
 * The plugin's two options, named once here (uninstall.php deletes the same two):
 * - `kreechat_settings` (autoloaded, public): address, token id, require consent;
 * - `kreechat_secret` (not autoloaded): the token's secret, read only to sign an identity. It is kept as an array
 *   on purpose: wp-admin/options.php lists every plain option with its value, but shows an array as
 *   "SERIALIZED DATA", so the secret is printed on no page.
 */
final class Options {
	public const SETTINGS = 'kreechat_settings';
	public const SECRET   = 'kreechat_secret';

	/**
	 * The saved settings, with their defaults.
	 *
	 * @return array{address: string, token_id: string, require_consent: bool}
	 */
	public static function settings(): array {
		$saved = get_option( self::SETTINGS, array() );
		$saved = is_array( $saved ) ? $saved : array();
		return array(
			'address'         => is_string( $saved['address'] ?? null ) ? $saved['address'] : '',
			'token_id'        => is_string( $saved['token_id'] ?? null ) ? $saved['token_id'] : '',
			'require_consent' => ! empty( $saved['require_consent'] ),
		);
	}

	/** The token's secret, or '' when none is saved. */
	public static function secret(): string {
		$saved = get_option( self::SECRET, array() );
		return is_array( $saved ) && is_string( $saved['secret'] ?? null ) ? $saved['secret'] : '';
	}

	/**
	 * Saves a secret, never autoloaded (it is needed by the identity route only, not on every page).
	 *
	 * @param string $secret The token's secret.
	 */
	public static function save_secret( string $secret ): void {
		$value = array( 'secret' => $secret );
		if ( false === get_option( self::SECRET ) ) {
			add_option( self::SECRET, $value, '', 'no' );
		} else {
			update_option( self::SECRET, $value, false );
		}
	}

	/**
	 * Whether the widget has what it needs: an address and a token. The secret is saved whenever a token id is, and
	 * is not read here: it is not autoloaded, so reading it would cost every page view a query.
	 */
	public static function is_configured(): bool {
		$settings = self::settings();
		return '' !== $settings['address'] && '' !== $settings['token_id'];
	}

	/**
	 * Turns a settings form's values into the stored settings, keeping what is saved wherever a value is refused.
	 * A newly pasted token's secret is saved here, in its own option: it never reaches the settings array. Takes its
	 * own output unchanged (WordPress sanitises an option twice when it is first added).
	 *
	 * @param mixed    $input  `address`, `token` (the pasted `<tokenId>.<secret>`, empty to keep the saved one) and
	 *                         `require_consent`; or an already sanitised array with `token_id`.
	 * @param string[] $errors Receives a message for each refused value.
	 * @return array{address: string, token_id: string, require_consent: bool}
	 */
	public static function from_form( mixed $input, array &$errors ): array {
		$input    = is_array( $input ) ? $input : array();
		$settings = self::settings();

		if ( array_key_exists( 'address', $input ) ) {
			$typed = trim( is_string( $input['address'] ) ? $input['address'] : '' );
			$url   = Address::normalise( $typed );
			if ( '' === $typed ) {
				$settings['address'] = '';
			} elseif ( null === $url ) {
				$errors[] = __( 'The KreeChat address was not saved: enter it like https://desk.example.com.', 'kreechat' );
			} else {
				$settings['address'] = $url;
			}
		}

		$pasted = trim( is_string( $input['token'] ?? null ) ? $input['token'] : '' );
		if ( '' !== $pasted ) {
			$token = Token::parse( $pasted );
			if ( null === $token ) {
				$errors[] = __( 'The token was not saved: paste the whole token exactly as KreeChat showed it.', 'kreechat' );
			} else {
				$settings['token_id'] = $token->id;
				self::save_secret( $token->secret );
			}
		} elseif ( is_string( $input['token_id'] ?? null ) && Token::is_id( $input['token_id'] ) ) {
			$settings['token_id'] = $input['token_id'];
		}

		$settings['require_consent'] = ! empty( $input['require_consent'] );
		return $settings;
	}

	/**
	 * Saves address, token and consent at once, as a valid settings form would; for set-up scripts and tests that
	 * do not go through the page. Saves nothing and answers the refusals when a value is malformed.
	 *
	 * @param string $address         KreeChat's address.
	 * @param string $token           The pasted `<tokenId>.<secret>`.
	 * @param bool   $require_consent Whether the widget waits for the site's consent call.
	 * @return string[] The refusals; empty when saved.
	 */
	public static function save( string $address, string $token, bool $require_consent = false ): array {
		if ( null === Address::normalise( $address ) || null === Token::parse( $token ) ) {
			return array( __( 'Enter a KreeChat address and a whole token.', 'kreechat' ) );
		}
		$errors   = array();
		$settings = self::from_form(
			array(
				'address'         => $address,
				'token'           => $token,
				'require_consent' => $require_consent,
			),
			$errors
		);
		update_option( self::SETTINGS, $settings );
		return $errors;
	}

	/** Removes both options (uninstall). */
	public static function delete(): void {
		delete_option( self::SETTINGS );
		delete_option( self::SECRET );
	}
}
