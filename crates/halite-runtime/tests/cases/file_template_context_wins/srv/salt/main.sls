{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# The context's keys win over the arguments file.managed hands the template itself, and
# context updates defaults shallowly (d.b is gone).
from_source:
  file.managed:
    - name: {{ s }}/out1
    - source: salt://files/t.j2
    - template: jinja
    - user: root
    - group: root
    - mode: 644
    - defaults:
        d: {a: 1, b: 2}
        x: default
    - context:
        user: ctxuser
        group: ctxgroup
        mode: ctxmode
        name: ctxname
        source: ctxsource
        saltenv: ctxenv
        attrs: ctxattrs
        grains: ctxgrains
        pillar: ctxpillar
        d: {a: 3}
from_contents:
  file.managed:
    - name: {{ s }}/out2
    - contents: "u={{ '{{' }} user {{ '}}' }} n={{ '{{' }} name {{ '}}' }} e={{ '{{' }} saltenv {{ '}}' }} d={{ '{{' }} d {{ '}}' }}"
    - template: jinja
    - user: root
    - defaults:
        d: {a: 1, b: 2}
    - context:
        user: ctxuser
        name: ctxname
        saltenv: ctxenv
        d: {a: 3}
show:
  cmd.run:
    - name: cat {{ s }}/out1 {{ s }}/out2
