"""What the tests repeat, written once: players, seats, games played and
bearer headers over HTTP, through the Flask test client or httpx alike
(helpers.games); the one reader of Server-Sent Events (helpers.sse); the use
cases with the wings attached as app.py attaches them (helpers.wings)."""
