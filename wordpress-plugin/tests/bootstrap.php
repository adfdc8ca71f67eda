<?php
/**
 * Loads the plugin's classes that make no WordPress calls. ABSPATH stands in for WordPress's, which every plugin
 * file checks before doing anything.
 *
 * @package KreeChat
 */

define( 'ABSPATH', __DIR__ . '/' );

require_once dirname( __DIR__ ) . '/kreechat/includes/class-token.php';
require_once dirname( __DIR__ ) . '/kreechat/includes/class-address.php';
require_once dirname( __DIR__ ) . '/kreechat/includes/class-identity-signer.php';
