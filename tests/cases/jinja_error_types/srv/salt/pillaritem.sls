a: {{ pillar['app']['foo'] }}
