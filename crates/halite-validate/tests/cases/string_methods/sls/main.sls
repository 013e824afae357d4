split-state:
  test.present:
    - tags: {{ params.get('tags').split(',') }}
    - first: {{ params.get('csv').split(',')[0] }}
    - upper: {{ params.get('name').upper() }}
{% for t in params.get('list_csv', 'a,b').split(',') %}
loop-{{ loop.index }}:
  test.present:
    - t: {{ t }}
{% endfor %}
joined:
  test.present:
    - j: "{{ params.get('items') | join('-') }}"
    - after: {{ params.get('tags') }}
