{% set x = salt['grains.get']('id') %}
minion: {{ x }}
where: ['{{ tplpath }}', '{{ tplfile }}', '{{ tpldir }}', '{{ slspath }}', '{{ sls }}']
env: {{ saltenv }}
