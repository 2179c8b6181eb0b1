import { BASKET_PATHS, basketCartEntries, type BasketList, type BasketResult, type Cart, type SolveBasket } from 'shared-api';
import { api } from 'shared-auth';

/** Calls of the best-basket screen (the API reads lists, plans and fills the cart; the screen only shows). */
export const basketApi = {
  parseText: (text: string) => api.post<BasketList>(BASKET_PATHS.parse, { text }),
  parseFile: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<BasketList>(BASKET_PATHS.parseFile, form);
  },
  buyAgain: (orderId: string) => api.get<BasketList>(BASKET_PATHS.buyAgain(orderId)),
  solve: (input: SolveBasket) => api.post<BasketResult>(BASKET_PATHS.solve, input),
  toCart: (result: BasketResult) => api.post<Cart>(BASKET_PATHS.toCart, { entries: basketCartEntries(result) }),
};
