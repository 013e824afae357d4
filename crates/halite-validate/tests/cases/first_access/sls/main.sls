{% set c = params['cluster'] %}
first:
  test.present:
    - size: {{ params.get('cluster')['size'] }}
    - x: {{ params['x'] }}
    - x2: {{ params.get('x', 'other') }}
    - y: {{ params.get('y', 'd1') }}
second:
  test.present:
    - y: {{ params.get('y', 'd2') }}
    - y3: {{ params['y'] }}
    - name2: {{ c.get('name') }}
