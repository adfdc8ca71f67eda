<?php
/**
 * Plugin Name:       KreeChat
 * Description:       Lets your website's visitors chat with your KreeChat agents from a small widget.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            KreeChat
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       kreechat
 * Domain Path:       /languages
 *
 * @package KreeChat
 */

defined( 'ABSPATH' ) || exit;

define( 'KREECHAT_VERSION', '1.0.0' );
define( 'KREECHAT_FILE', __FILE__ );

require_once __DIR__ . '/includes/class-token.php';
require_once __DIR__ . '/includes/class-address.php';
require_once __DIR__ . '/includes/class-identity-signer.php';
require_once __DIR__ . '/includes/class-options.php';
require_once __DIR__ . '/includes/class-settings-page.php';
require_once __DIR__ . '/includes/class-widget.php';
require_once __DIR__ . '/includes/class-identity-route.php';

add_action(
	'init',
	static function () {
		load_plugin_textdomain( 'kreechat', false, dirname( plugin_basename( KREECHAT_FILE ) ) . '/languages' );
	}
);

KreeChat\Settings_Page::register();
KreeChat\Widget::register();
KreeChat\Identity_Route::register();
