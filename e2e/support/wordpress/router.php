<?php
/**
 * Router of PHP's built-in server for a test WordPress: a folder without its trailing slash is redirected to it
 * (php -S would serve /wp-admin as /wp-admin/index.php, breaking wp-admin's relative links), files are served as
 * they are (PHP ones executed), and every other path goes to WordPress's index.php, as Apache's rewrite would.
 *
 * @package KreeChat
 */

$root = $_SERVER['DOCUMENT_ROOT'];
$path = rawurldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$file = $root . $path;

if ( ! str_contains( $path, '..' ) && file_exists( $file ) ) {
	if ( is_dir( $file ) && ! str_ends_with( $path, '/' ) ) {
		$query = parse_url( $_SERVER['REQUEST_URI'], PHP_URL_QUERY );
		header( 'Location: ' . $path . '/' . ( $query ? '?' . $query : '' ), true, 301 );
		return true;
	}
	return false;
}

$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
chdir( $root );
require $root . '/index.php';
