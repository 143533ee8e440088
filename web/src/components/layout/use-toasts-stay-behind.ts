import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { closeToastsFromEarlierScreens } from '@/lib/notify';

/** A toast belongs to its screen: moving to another closes what was said before (issue 25 item 6). */
export function useToastsStayBehind(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    closeToastsFromEarlierScreens();
  }, [pathname]);
}
