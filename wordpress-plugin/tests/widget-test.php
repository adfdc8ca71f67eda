<?php
/**
 * The widget's inline configuration script, as a page prints it.
 *
 * @package KreeChat
 */

use KreeChat\Widget;
use PHPUnit\Framework\TestCase;

require_once dirname( __DIR__ ) . '/kreechat/includes/class-widget.php';

if ( ! function_exists( 'wp_json_encode' ) ) {
	/**
	 * WordPress's wp_json_encode, as far as these tests need it: json_encode (WordPress adds a retry with
	 * sanitised UTF-8, which no value here needs).
	 *
	 * @param mixed $data  What to encode.
	 * @param int   $flags json_encode's options.
	 * @param int   $depth The deepest nesting allowed.
	 * @return string|false
	 */
	function wp_json_encode( $data, $flags = 0, $depth = 512 ) {
		return json_encode( $data, $flags, $depth ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode
	}
}

/**
 * Widget::config_script: no value can break out of the inline script it is printed in.
 */
final class Widget_Test extends TestCase {
	/** A configuration with a value an attacker might have got in (a filter's locale, say). */
	private const HOSTILE = array(
		'server'         => 'https://desk.example.com',
		'tokenId'        => 'wpt_Kx7Pq2Lm9Nv4Rt6Ws8Yz',
		'identityUrl'    => null,
		'nonce'          => null,
		'requireConsent' => false,
		'locale'         => '</script><script>alert("x")</script><!-- & \' "',
	);

	public function test_a_value_cannot_close_the_script_tag_or_open_a_comment(): void {
		$script = Widget::config_script( self::HOSTILE );
		$this->assertStringNotContainsStringIgnoringCase( '</script', $script );
		$this->assertStringNotContainsString( '<!--', $script );
		$this->assertStringNotContainsString( '<', $script );
		$this->assertStringNotContainsString( '>', $script );
		$this->assertStringContainsString( '\u003C/script\u003E', $script );
	}

	public function test_the_widget_still_reads_every_value_as_it_was(): void {
		$script = Widget::config_script( self::HOSTILE );
		$this->assertSame( 1, preg_match( '/^window\.kreechatWidget = (\{.*\});\n/', $script, $match ) );
		$this->assertSame( self::HOSTILE, json_decode( $match[1], true ) );
		// Slashes are left alone: the address reads as the admin wrote it.
		$this->assertStringContainsString( '"server":"https://desk.example.com"', $script );
		$this->assertStringContainsString( 'window.KreeChat.consent = function', $script );
	}
}
