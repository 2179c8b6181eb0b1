describe('configureApi before the API client loads (the sign-in page, README "Signed-out entry")', () => {
  it('is applied when the client loads, and later changes at once', async () => {
    jest.resetModules();
    const { configureApi } = await import('./api-config');
    configureApi({ baseURL: 'https://api.example.in' });
    const { apiClient } = await import('./client');
    expect(apiClient.defaults.baseURL).toBe('https://api.example.in');
    configureApi({ baseURL: 'https://api2.example.in' });
    expect(apiClient.defaults.baseURL).toBe('https://api2.example.in');
  });
});
