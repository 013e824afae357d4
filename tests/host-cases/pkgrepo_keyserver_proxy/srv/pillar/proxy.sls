# config.option finds no_proxy here (it is not a minion option Salt sets by default); a
# proxy_host here would not count: the minion options have it
no_proxy:
  - hkp://127.0.0.1:9
proxy_host: ''
