<?php
/**
 * The KreeChat address an admin types.
 *
 * @package KreeChat
 */

namespace KreeChat;

defined( 'ABSPATH' ) || exit;

/**
 * KreeChat's address, as the widget script and the widget's calls are built from it: an http(s) URL with a host,
 * no query, fragment or credentials, and no trailing slash (`https://desk.example.com`, or
 * `https://example.com/kreechat` when KreeChat is served under a path). Pure PHP, no WordPress calls.
 */
final class Address {
	/**
	 * The address in its stored form, or null when it is not one.
	 *
	 * @param string $typed What the admin typed.
	 */
	public static function normalise( string $typed ): ?string {
		$typed = trim( $typed );
		if ( '' === $typed || strlen( $typed ) > 2000 || 1 === preg_match( '/\s/', $typed ) ) {
			return null;
		}
		$parts = parse_url( $typed );
		if ( false === $parts || ! isset( $parts['scheme'], $parts['host'] ) ) {
			return null;
		}
		$scheme = strtolower( $parts['scheme'] );
		if ( ! in_array( $scheme, array( 'http', 'https' ), true ) ) {
			return null;
		}
		if ( isset( $parts['user'] ) || isset( $parts['pass'] ) || isset( $parts['query'] ) || isset( $parts['fragment'] ) ) {
			return null;
		}
		$host = strtolower( $parts['host'] );
		if ( 1 !== preg_match( '/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/', $host ) ) {
			return null;
		}
		$path = rtrim( $parts['path'] ?? '', '/' );
		// A path is kept (KreeChat may be served under one), but only of URL-safe characters: it goes into a script URL.
		if ( 1 !== preg_match( '#^[A-Za-z0-9._~%/-]*$#', $path ) ) {
			return null;
		}
		$port = isset( $parts['port'] ) ? ':' . $parts['port'] : '';
		return $scheme . '://' . $host . $port . $path;
	}
}
