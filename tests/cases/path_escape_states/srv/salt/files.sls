{% set out = salt['environ.get']('HALITE_SCRATCH') ~ '/out' %}
{% for n, src in [('climb', 'salt://sub/../../secret.txt'),
                  ('dot_climb', 'salt://./../secret.txt'),
                  ('sub_dot_climb', 'salt://sub/./../../secret.txt'),
                  ('double_slash', 'salt://sub//../../secret.txt'),
                  ('deep_climb', 'salt://a/b/../../../secret.txt'),
                  ('query_climb', 'salt://sub/../../secret.txt?saltenv=base'),
                  ('pipe_climb', 'salt://|sub/../../secret.txt'),
                  ('inner_dotdot', 'salt://sub/../sub/in.txt'),
                  ('inside', 'salt://sub/in.txt'),
                  ('link', 'salt://sub/link.txt')] %}
managed_{{ n }}:
  file.managed:
    - name: {{ out }}/managed_{{ n }}
    - makedirs: True
    - source: {{ src }}
{% endfor %}
{% for n in ['tmpl_climb', 'tmpl_rel_climb', 'tmpl_rel_ok'] %}
template_{{ n }}:
  file.managed:
    - name: {{ out }}/template_{{ n }}
    - makedirs: True
    - source: salt://sub/{{ n }}.j2
    - template: jinja
{% endfor %}
{% for n, src in [('climb', 'salt://sub/../../secretdir'),
                  ('dot_climb', 'salt://./../secretdir'),
                  ('trailing', 'salt://sub/../../secretdir/'),
                  ('up_only', 'salt://..'),
                  ('inside', 'salt://sub/tree'),
                  ('linkdir', 'salt://sub/linkdir')] %}
recurse_{{ n }}:
  file.recurse:
    - name: {{ out }}/recurse_{{ n }}
    - makedirs: True
    - source: {{ src }}
{% endfor %}
