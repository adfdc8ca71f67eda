<?php
/**
 * Settings → KreeChat.
 *
 * @package KreeChat
 */

namespace KreeChat;

defined( 'ABSPATH' ) || exit;

/**
 * The settings page, on the Settings API: options.php checks the nonce and `manage_options`, Options::from_form
 * sanitises, and every value printed is escaped. The token's secret is never printed: its field is always empty,
 * with a placeholder saying a token is saved, and an empty submission keeps it.
 */
final class Settings_Page {
	private const PAGE  = 'kreechat';
	private const GROUP = 'kreechat';

	/** Hooks the page in. */
	public static function register(): void {
		add_action( 'admin_menu', array( self::class, 'add_page' ) );
		add_action( 'admin_init', array( self::class, 'add_settings' ) );
		add_action( 'admin_enqueue_scripts', array( self::class, 'add_style' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( KREECHAT_FILE ), array( self::class, 'add_settings_link' ) );
	}

	/** Settings → KreeChat, for those who may manage options. */
	public static function add_page(): void {
		add_options_page(
			__( 'KreeChat', 'kreechat' ),
			__( 'KreeChat', 'kreechat' ),
			'manage_options',
			self::PAGE,
			array( self::class, 'render' )
		);
	}

	/**
	 * A "Settings" link beside Deactivate on the Plugins screen.
	 *
	 * @param string[] $links The plugin's action links.
	 * @return string[]
	 */
	public static function add_settings_link( array $links ): array {
		$url = admin_url( 'options-general.php?page=' . self::PAGE );
		array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'kreechat' ) . '</a>' );
		return $links;
	}

	/**
	 * One rule for this page: wp-admin prints `<code>` in a field's grey description at 4.15:1 against the code's
	 * background, under WCAG's 4.5:1; the page's code samples take the body text's colour instead.
	 *
	 * @param string $hook_suffix The admin page being loaded.
	 */
	public static function add_style( string $hook_suffix ): void {
		if ( 'settings_page_' . self::PAGE === $hook_suffix ) {
			wp_add_inline_style( 'common', '.kreechat-settings .description code { color: #1d2327; }' );
		}
	}

	/** The option, its sanitising and the page's three fields. */
	public static function add_settings(): void {
		register_setting(
			self::GROUP,
			Options::SETTINGS,
			array(
				'type'              => 'object',
				'sanitize_callback' => array( self::class, 'sanitize' ),
				'show_in_rest'      => false,
				'default'           => array(),
			)
		);
		add_settings_section( 'kreechat_connection', __( 'Connection', 'kreechat' ), array( self::class, 'render_section' ), self::PAGE );
		add_settings_field(
			'kreechat_address',
			__( 'KreeChat address', 'kreechat' ),
			array( self::class, 'render_address' ),
			self::PAGE,
			'kreechat_connection',
			array( 'label_for' => 'kreechat_address' )
		);
		add_settings_field(
			'kreechat_token',
			__( 'Token', 'kreechat' ),
			array( self::class, 'render_token' ),
			self::PAGE,
			'kreechat_connection',
			array( 'label_for' => 'kreechat_token' )
		);
		add_settings_field(
			'kreechat_require_consent',
			__( 'Require consent', 'kreechat' ),
			array( self::class, 'render_require_consent' ),
			self::PAGE,
			'kreechat_connection',
			array( 'label_for' => 'kreechat_require_consent' )
		);
	}

	/**
	 * The Settings API's sanitize callback: Options::from_form, its refusals shown on the page.
	 *
	 * @param mixed $input The submitted `kreechat_settings` array.
	 * @return array{address: string, token_id: string, require_consent: bool}
	 */
	public static function sanitize( mixed $input ): array {
		$errors   = array();
		$settings = Options::from_form( $input, $errors );
		foreach ( $errors as $index => $message ) {
			add_settings_error( Options::SETTINGS, 'kreechat_invalid_' . $index, $message, 'error' );
		}
		return $settings;
	}

	/** The page. */
	public static function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		?>
		<div class="wrap kreechat-settings">
			<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
			<form action="<?php echo esc_url( admin_url( 'options.php' ) ); ?>" method="post">
				<?php
				settings_fields( self::GROUP );
				do_settings_sections( self::PAGE );
				submit_button( __( 'Save settings', 'kreechat' ) );
				?>
			</form>
		</div>
		<?php
	}

	/** What the section is for. */
	public static function render_section(): void {
		echo '<p>' . esc_html__( 'In KreeChat, open Settings → Communication services → WordPress, generate a token for this site, and paste it here with your KreeChat address.', 'kreechat' ) . '</p>';
	}

	/** KreeChat's address. */
	public static function render_address(): void {
		$settings = Options::settings();
		printf(
			'<input type="url" id="kreechat_address" name="%1$s[address]" value="%2$s" class="regular-text code" placeholder="https://desk.example.com" aria-describedby="kreechat_address_help" autocomplete="url" spellcheck="false" />',
			esc_attr( Options::SETTINGS ),
			esc_attr( $settings['address'] )
		);
		echo '<p class="description" id="kreechat_address_help">' . esc_html__( 'The address you open KreeChat at.', 'kreechat' ) . '</p>';
	}

	/** The token: always empty, so the saved secret is never sent to a browser. */
	public static function render_token(): void {
		$settings = Options::settings();
		$saved    = '' !== $settings['token_id'] && '' !== Options::secret();
		printf(
			'<input type="password" id="kreechat_token" name="%1$s[token]" value="" class="regular-text" placeholder="%2$s" aria-describedby="kreechat_token_help" autocomplete="off" spellcheck="false" />',
			esc_attr( Options::SETTINGS ),
			esc_attr( $saved ? __( '•••• saved — paste a new token to replace it', 'kreechat' ) : '' )
		);
		echo '<p class="description" id="kreechat_token_help">';
		if ( $saved ) {
			printf(
				/* translators: %s: the saved token's public id, like wpt_AbC… */
				esc_html__( 'Saved token: %s. Leave the field empty to keep it.', 'kreechat' ),
				'<code>' . esc_html( $settings['token_id'] ) . '</code>'
			);
		} else {
			esc_html_e( 'KreeChat shows the token once, when you generate it.', 'kreechat' );
		}
		echo '</p>';
	}

	/** Whether the widget waits for the site's consent call. */
	public static function render_require_consent(): void {
		$settings = Options::settings();
		printf(
			'<input type="checkbox" id="kreechat_require_consent" name="%1$s[require_consent]" value="1" aria-describedby="kreechat_require_consent_help" %2$s />',
			esc_attr( Options::SETTINGS ),
			checked( $settings['require_consent'], true, false )
		);
		echo '<p class="description" id="kreechat_require_consent_help">';
		printf(
			/* translators: %s: the JavaScript call, window.KreeChat.consent() */
			esc_html__( 'Load the chat only after your cookie banner calls %s.', 'kreechat' ),
			'<code>window.KreeChat.consent()</code>'
		);
		echo '</p>';
	}
}
