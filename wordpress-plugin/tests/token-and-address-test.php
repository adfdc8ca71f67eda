<?php
/**
 * What the settings page accepts as a token and as KreeChat's address.
 *
 * @package KreeChat
 */

use KreeChat\Address;
use KreeChat\Token;
use PHPUnit\Framework\TestCase;

/**
 * Token::parse and Address::normalise, the two checks behind the settings page's errors.
 */
final class Token_And_Address_Test extends TestCase {
	private const ID     = 'wpt_Kx7Pq2Lm9Nv4Rt6Ws8Yz';
	private const SECRET = 'Jx3Q9vWk2mPz7rT5yH8bN4cF6gD1sA0eLqRuVoIwXtM';

	public function test_a_whole_token_splits_into_id_and_secret(): void {
		$token = Token::parse( '  ' . self::ID . '.' . self::SECRET . "\n" );
		$this->assertNotNull( $token );
		$this->assertSame( self::ID, $token->id );
		$this->assertSame( self::SECRET, $token->secret );
	}

	public function test_malformed_tokens_are_refused(): void {
		$refused = array(
			''                                   => 'empty',
			self::ID                             => 'the id alone',
			self::SECRET                         => 'the secret alone',
			self::ID . '.'                       => 'no secret',
			self::ID . '.' . substr( self::SECRET, 0, 31 ) => 'a secret cut short',
			self::ID . '.' . self::SECRET . '.x' => 'three parts',
			'wpt_short.' . self::SECRET          => 'an id too short',
			'abc_Kx7Pq2Lm9Nv4Rt6Ws8Yz.' . self::SECRET => 'not a wpt_ id',
			self::ID . '.' . str_replace( 'Q', '+', self::SECRET ) => 'standard base64, not base64url',
			self::ID . ' .' . self::SECRET       => 'a space inside',
		);
		foreach ( $refused as $pasted => $why ) {
			$this->assertNull( Token::parse( (string) $pasted ), $why );
		}
	}

	public function test_an_address_is_stored_without_trailing_slash(): void {
		$this->assertSame( 'https://desk.example.com', Address::normalise( 'https://desk.example.com/' ) );
		$this->assertSame( 'https://desk.example.com', Address::normalise( ' HTTPS://Desk.Example.com ' ) );
		$this->assertSame( 'http://127.0.0.1:9', Address::normalise( 'http://127.0.0.1:9' ) );
		$this->assertSame( 'https://example.com/kreechat', Address::normalise( 'https://example.com/kreechat//' ) );
		$this->assertSame( 'http://[::1]:3003', Address::normalise( 'http://[::1]:3003/' ) );
	}

	public function test_malformed_addresses_are_refused(): void {
		foreach ( array( '', 'desk.example.com', 'ftp://desk.example.com', 'javascript:alert(1)', 'https://', 'https://user:pw@desk.example.com', 'https://desk.example.com/?x=1', 'https://desk.example.com/#x', 'https://desk example.com', 'https://desk.example.com/"><script>' ) as $typed ) {
			$this->assertNull( Address::normalise( $typed ), $typed );
		}
	}
}
