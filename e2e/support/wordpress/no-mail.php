<?php
/**
 * Plugin Name: Test site: no mail
 * Description: A test site sends no e-mail; every wp_mail() call is answered as sent.
 *
 * @package KreeChat
 */

add_filter( 'pre_wp_mail', '__return_true' );
