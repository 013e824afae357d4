a
{{ pillar['app']['nope'] }}
