#!/usr/bin/env bash
# Prints the folder of a WordPress ready to copy into a test site: Debian's `wordpress` package with the theme and
# the three packages it links into (php-getid3, libjs-underscore, libjs-cropper), extracted without installing
# anything (the package would pull in Apache), every link resolved, Debian's wp-config.php and the Apache-only
# .htaccess link dropped. Done once into a cache ($KREECHAT_WORDPRESS_CACHE, default ~/.cache/kreechat-wordpress),
# one folder per package version; a cached one is reused as it is, whatever apt offers now.
# Needs the apt lists (apt-get update) only when nothing is cached yet.
set -euo pipefail

cache="${KREECHAT_WORDPRESS_CACHE:-${HOME:-/root}/.cache/kreechat-wordpress}"
cached=$(find "$cache" -mindepth 2 -maxdepth 2 -name .complete -printf '%h\n' 2>/dev/null | sort -V | tail -n 1 || true)
if [ -n "$cached" ]; then
  echo "$cached/wordpress"
  exit 0
fi

mkdir -p "$cache"
work=$(mktemp -d "$cache/.download-XXXXXX")
trap 'rm -rf "$work"' EXIT
# apt downloads as its own user, which cannot write under root's home: as root, download as root.
sandbox=()
[ "$(id -u)" != 0 ] || sandbox=(-o APT::Sandbox::User=root)
(cd "$work" && apt-get download -qq "${sandbox[@]}" wordpress wordpress-theme-twentytwentythree php-getid3 libjs-underscore libjs-cropper >&2)
version=$(dpkg-deb --field "$work"/wordpress_*.deb Version)
for deb in "$work"/*.deb; do dpkg-deb --extract "$deb" "$work/root"; done

wordpress="$work/root/usr/share/wordpress"
rm -f "$wordpress/.htaccess" "$wordpress/wp-config.php"
# The CA bundle links to the machine's; test sites reach no https server, so a missing one is simply left out.
[ -e "$wordpress/wp-includes/certificates/ca-bundle.crt" ] || rm -f "$wordpress/wp-includes/certificates/ca-bundle.crt"
mkdir -p "$work/version"
cp -rL "$wordpress" "$work/version/wordpress"
touch "$work/version/.complete"
# Another run may have finished first: keep its copy.
mv -T "$work/version" "$cache/$version" 2>/dev/null || true
echo "$cache/$version/wordpress"
