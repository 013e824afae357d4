base:
  '*':
    # the web role {{ broken }}
    - web
