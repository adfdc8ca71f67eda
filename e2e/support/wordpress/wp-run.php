<?php
/**
 * Runs PHP code from standard input inside a test site's WordPress, from the command line:
 * `php wp-run.php <site>`, with the site's URL in KREECHAT_WP_URL and the code's arguments as JSON in
 * KREECHAT_WP_ARGS (read by the code as `$args`). With `--install` first, it installs the site instead (see
 * install()), before WordPress has any table.
 *
 * @package KreeChat
 */

$install = '--install' === ( $argv[1] ?? '' );
$site    = $install ? $argv[2] : $argv[1];
$url     = parse_url( getenv( 'KREECHAT_WP_URL' ) );
$args    = json_decode( (string) getenv( 'KREECHAT_WP_ARGS' ), true ) ?? array();
// What a web request would have: WordPress reads them while loading.
$_SERVER['HTTP_HOST']   = $url['host'] . ':' . $url['port'];
$_SERVER['SERVER_NAME'] = $url['host'];
$_SERVER['SERVER_PORT'] = (string) $url['port'];
$_SERVER['REQUEST_URI'] = '/';
if ( $install ) {
	define( 'WP_INSTALLING', true );
}
require $site . '/wp-load.php';

if ( $install ) {
	install( $args );
} else {
	eval( stream_get_contents( STDIN ) ); // phpcs:ignore Squiz.PHP.Eval.Discouraged -- the test's own code.
}

/**
 * Installs WordPress as its installer would (without WP-CLI, which Debian does not package), makes the users,
 * switches to the theme, activates the plugins and sets the permalinks.
 *
 * @param array $args `title`, `admin` and `users` (each `user`, `password`, `email`, `name`), `theme`, `plugins`,
 *                    `permalinks` ('plain' or a structure like '/%postname%/').
 */
function install( array $args ): void {
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	require_once ABSPATH . 'wp-admin/includes/plugin.php';
	$admin = $args['admin'];
	wp_install( $args['title'], $admin['user'], $admin['email'], true, '', wp_slash( $admin['password'] ) );
	wp_update_user( array( 'ID' => 1, 'display_name' => $admin['name'] ) );
	foreach ( $args['users'] as $user ) {
		$id = wp_insert_user(
			wp_slash(
				array(
					'user_login'   => $user['user'],
					'user_pass'    => $user['password'],
					'user_email'   => $user['email'],
					'display_name' => $user['name'],
					'role'         => 'subscriber',
				)
			)
		);
		if ( is_wp_error( $id ) ) {
			fail( 'user ' . $user['user'] . ': ' . $id->get_error_message() );
		}
	}
	switch_theme( $args['theme'] );
	foreach ( $args['plugins'] as $plugin ) {
		$activated = activate_plugin( $plugin );
		if ( is_wp_error( $activated ) ) {
			fail( 'plugin ' . $plugin . ': ' . $activated->get_error_message() );
		}
	}
	if ( 'plain' !== $args['permalinks'] ) {
		// The installer tries pretty permalinks against a server not yet running, so the site stays plain.
		global $wp_rewrite;
		$wp_rewrite->set_permalink_structure( $args['permalinks'] );
		flush_rewrite_rules( false );
	}
}

/**
 * Stops with a message on standard error.
 *
 * @param string $message What went wrong.
 */
function fail( string $message ): never {
	fwrite( STDERR, $message . "\n" );
	exit( 1 );
}
