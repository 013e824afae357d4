base:
  '*':
    - first
    - web
    - web.site
    - last
