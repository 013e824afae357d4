[% set mains = ['main'] %]
base:
  '*':
[% for m in mains %]
    - [[ m ]]
[% endfor %]
    - literal  # {{ jinja2's delimiters are text here }}
