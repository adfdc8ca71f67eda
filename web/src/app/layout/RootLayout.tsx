import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { PRODUCT_NAME } from '@kreechat/contract';

/** The root of every screen: keeps the document title on the product name (SPEC §1). */
export function RootLayout() {
  useEffect(() => {
    document.title = PRODUCT_NAME;
  }, []);
  return <Outlet />;
}
