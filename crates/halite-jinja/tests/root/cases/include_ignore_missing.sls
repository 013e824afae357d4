a{% include 'lib/nope.jinja' ignore missing %}b
