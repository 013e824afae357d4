{{ pillar['app']['users'][5] }}
