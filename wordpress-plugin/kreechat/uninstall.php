<?php
/**
 * Deleting the plugin deletes its settings and the token's secret.
 *
 * @package KreeChat
 */

defined( 'ABSPATH' ) || exit;
defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/class-options.php';

KreeChat\Options::delete();
