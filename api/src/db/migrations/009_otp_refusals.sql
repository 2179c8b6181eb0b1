-- Issue 11: the OTP routes' "not registered" (E0037) and "already registered" (E0029) answers tell whether a number
-- is a customer, so they are counted per client address and limited like the sends (OTP_MAX_REFUSALS_PER_IP_PER_HOUR).
-- Rows older than an hour no longer count and are deleted as new ones are written.
CREATE TABLE otp_refusals (
  ip text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX otp_refusals_ip ON otp_refusals (ip, created_at);
CREATE INDEX otp_refusals_created_at ON otp_refusals (created_at);
