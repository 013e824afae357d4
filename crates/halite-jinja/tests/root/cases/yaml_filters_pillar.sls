{{ pillar['app'] | yaml }}
{{ pillar['app'] | yaml(False) }}
{{ pillar['users'] | yaml(False) }}
{{ [pillar['app']['settings'], {'z': 1, 'a': 2}] | yaml }}
