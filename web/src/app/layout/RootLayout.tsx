import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { PRODUCT_NAME } from '@kreechat/contract';
import { ConnectionBanner } from '@/components/ConnectionBanner';

/**
 * The root of every screen: keeps the document title on the product name (SPEC §1) and shows when the server
 * cannot be reached.
 */
export function RootLayout() {
  useEffect(() => {
    document.title = PRODUCT_NAME;
  }, []);
  return (
    <>
      <Outlet />
      <ConnectionBanner />
    </>
  );
}
