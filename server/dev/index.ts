// dev slice: the dev mailbox (page and JSON), only without SMTP and outside production.
export { mailboxPage } from './mailbox-page.ts'
export { devRouter } from './router.ts'
