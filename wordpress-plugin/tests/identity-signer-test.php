<?php
/**
 * The signed identity, checked against vectors computed outside PHP.
 *
 * @package KreeChat
 */

use KreeChat\Identity_Signer;
use PHPUnit\Framework\TestCase;

/**
 * The signer must produce exactly what KreeChat's verifier (server/src/channels/wordpress/identity.ts) recomputes.
 */
final class Identity_Signer_Test extends TestCase {
	private const TOKEN_ID = 'wpt_Kx7Pq2Lm9Nv4Rt6Ws8Yz';
	private const SECRET   = 'Jx3Q9vWk2mPz7rT5yH8bN4cF6gD1sA0eLqRuVoIwXtM';
	private const NOW      = 1700000000;
	private const NONCE    = '0123456789abcdef0123456789abcdef';

	/**
	 * Pinned from Node.js, independently of this code:
	 *   p = Buffer.from(JSON.stringify({v:1,tokenId,email,name,exp:1700000600,nonce})).toString('base64url');
	 *   createHmac('sha256', secret).update(p).digest('hex')
	 */
	public function test_a_known_vector(): void {
		$signed = ( new Identity_Signer( self::TOKEN_ID, self::SECRET ) )->sign( 'olga@example.com', 'Olga Petrova', self::NOW, self::NONCE );
		$this->assertSame(
			'eyJ2IjoxLCJ0b2tlbklkIjoid3B0X0t4N1BxMkxtOU52NFJ0NldzOFl6IiwiZW1haWwiOiJvbGdhQGV4YW1wbGUuY29tIiwibmFtZSI6Ik9sZ2EgUGV0cm92YSIsImV4cCI6MTcwMDAwMDYwMCwibm9uY2UiOiIwMTIzNDU2Nzg5YWJjZGVmMDEyMzQ1Njc4OWFiY2RlZiJ9'
			. '.7bba7ffd120fa98b531ea60d8ad10a2530bbee3d287e34f08c2d3eac0c0d84eb',
			$signed
		);
	}

	/** Cyrillic and an emoji stay as UTF-8 in the JSON (as JSON.stringify writes them), signed as such. */
	public function test_a_unicode_name_matches_the_vector_from_node(): void {
		$signed = ( new Identity_Signer( self::TOKEN_ID, self::SECRET ) )->sign( 'ivan@example.com', 'Иван Петров 🙂', self::NOW, self::NONCE );
		$this->assertSame(
			'eyJ2IjoxLCJ0b2tlbklkIjoid3B0X0t4N1BxMkxtOU52NFJ0NldzOFl6IiwiZW1haWwiOiJpdmFuQGV4YW1wbGUuY29tIiwibmFtZSI6ItCY0LLQsNC9INCf0LXRgtGA0L7QsiDwn5mCIiwiZXhwIjoxNzAwMDAwNjAwLCJub25jZSI6IjAxMjM0NTY3ODlhYmNkZWYwMTIzNDU2Nzg5YWJjZGVmIn0'
			. '.b6105f6837b3aba530675423d35cae29a03e6210337ab1b56fa1cc85cdd7898e',
			$signed
		);
		$this->assertSame( 'Иван Петров 🙂', $this->payload_of( $signed )['name'] );
	}

	public function test_the_payload_holds_exactly_the_fields_kreechat_reads(): void {
		$payload = $this->payload_of( ( new Identity_Signer( self::TOKEN_ID, self::SECRET ) )->sign( 'a@example.com', 'A', self::NOW, self::NONCE ) );
		$this->assertSame(
			array(
				'v'       => 1,
				'tokenId' => self::TOKEN_ID,
				'email'   => 'a@example.com',
				'name'    => 'A',
				'exp'     => self::NOW + 600,
				'nonce'   => self::NONCE,
			),
			$payload
		);
	}

	/**
	 * KreeChat takes each signed identity once: two page loads of the same user in the same second must not sign
	 * the same thing. The nonce is random, 32 hex characters (within KreeChat's 16 to 64 base64url characters).
	 */
	public function test_two_signatures_of_the_same_user_in_the_same_second_differ(): void {
		$signer = new Identity_Signer( self::TOKEN_ID, self::SECRET );
		$seen   = array();
		for ( $i = 0; $i < 20; $i++ ) {
			$signed = $signer->sign( 'a@example.com', 'A', self::NOW );
			$nonce  = $this->payload_of( $signed )['nonce'];
			$this->assertMatchesRegularExpression( '/^[0-9a-f]{32}$/', $nonce );
			$seen[ $signed ] = true;
		}
		$this->assertCount( 20, $seen );
	}

	/** KreeChat refuses an identity that lives longer than 15 minutes; this one lives 10. */
	public function test_it_expires_ten_minutes_after_now(): void {
		$signer = new Identity_Signer( self::TOKEN_ID, self::SECRET );
		foreach ( array( 0, self::NOW, 2000000000 ) as $now ) {
			$exp = $this->payload_of( $signer->sign( 'a@example.com', 'A', $now ) )['exp'];
			$this->assertSame( $now + 600, $exp );
			$this->assertLessThanOrEqual( $now + 15 * 60, $exp );
			$this->assertGreaterThan( $now, $exp );
		}
	}

	public function test_the_signature_is_lowercase_hex_and_depends_on_the_secret(): void {
		$one = ( new Identity_Signer( self::TOKEN_ID, self::SECRET ) )->sign( 'a@example.com', 'A', self::NOW, self::NONCE );
		$two = ( new Identity_Signer( self::TOKEN_ID, self::SECRET . 'x' ) )->sign( 'a@example.com', 'A', self::NOW, self::NONCE );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+\.[0-9a-f]{64}$/', $one );
		$this->assertSame( explode( '.', $one )[0], explode( '.', $two )[0] );
		$this->assertNotSame( explode( '.', $one )[1], explode( '.', $two )[1] );
	}

	/** Base64url without padding: `+/` become `-_`, and no `=`, for every length of input. */
	public function test_base64url_has_no_padding_and_no_plus_or_slash(): void {
		$this->assertSame( '-_8', Identity_Signer::base64url( "\xfb\xff" ) );
		$this->assertSame( 'YQ', Identity_Signer::base64url( 'a' ) );
		$this->assertSame( 'YWI', Identity_Signer::base64url( 'ab' ) );
		$this->assertSame( 'YWJj', Identity_Signer::base64url( 'abc' ) );
		$this->assertSame( '', Identity_Signer::base64url( '' ) );
		for ( $length = 1; $length < 64; $length++ ) {
			$bytes   = random_bytes( $length );
			$encoded = Identity_Signer::base64url( $bytes );
			$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]*$/', $encoded );
			$this->assertSame( $bytes, base64_decode( strtr( $encoded, '-_', '+/' ), true ) );
		}
		// Names chosen so the payload's standard base64 would hold `+`, `/` and `=`.
		foreach ( array( '>>>?', '???>', 'ü', 'üü' ) as $name ) {
			$payload = explode( '.', ( new Identity_Signer( self::TOKEN_ID, self::SECRET ) )->sign( 'a@example.com', $name, self::NOW ) )[0];
			$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+$/', $payload );
		}
	}

	/** KreeChat's schema takes names of up to 200 UTF-16 code units: longer ones are cut, never mid-character. */
	public function test_a_long_name_is_cut_to_what_kreechat_accepts(): void {
		$signer = new Identity_Signer( self::TOKEN_ID, self::SECRET );
		$this->assertSame( str_repeat( 'я', 200 ), $this->payload_of( $signer->sign( 'a@example.com', str_repeat( 'я', 250 ), self::NOW ) )['name'] );
		// The emoji takes two units: with 199 letters before it, it would make 201.
		$this->assertSame( str_repeat( 'a', 199 ), $this->payload_of( $signer->sign( 'a@example.com', str_repeat( 'a', 199 ) . '🙂', self::NOW ) )['name'] );
		$this->assertSame( str_repeat( 'a', 198 ) . '🙂', $this->payload_of( $signer->sign( 'a@example.com', str_repeat( 'a', 198 ) . '🙂', self::NOW ) )['name'] );
		$this->assertSame( 'Olga', $this->payload_of( $signer->sign( 'a@example.com', "  Olga \n", self::NOW ) )['name'] );
	}

	/** A name with broken UTF-8 (an old import) still signs, with the broken bytes replaced. */
	public function test_broken_utf8_in_a_name_does_not_stop_signing(): void {
		$name = $this->payload_of( ( new Identity_Signer( self::TOKEN_ID, self::SECRET ) )->sign( 'a@example.com', "Ol\xffga", self::NOW ) )['name'];
		$this->assertTrue( mb_check_encoding( $name, 'UTF-8' ) );
		$this->assertStringStartsWith( 'Ol', $name );
	}

	/**
	 * The decoded JSON payload of a signed identity.
	 *
	 * @param string $signed `<payload>.<signature>`.
	 * @return array<string, mixed>
	 */
	private function payload_of( string $signed ): array {
		$payload = explode( '.', $signed )[0];
		return json_decode( base64_decode( strtr( $payload, '-_', '+/' ), true ), true, 4, JSON_THROW_ON_ERROR );
	}
}
