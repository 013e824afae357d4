# cp.cache_file and cp.get_url from Jinja fetch at render time, as in Salt
{% set cached = salt['cp.cache_file']('http://127.0.0.1:38391/hello.txt') %}
{# dest None: the contents, read without caching them #}
{% set text = salt['cp.get_url']('http://127.0.0.1:38391/notes.txt', None) %}
from_jinja:
  test.show_notification:
    - text: {{ ("cached=" ~ cached ~ " text=" ~ text) | json }}
