/**
 * Domains for generated email addresses: well-known real-world sites, as in the established
 * product's output (`cdroghan0@tumblr.com`). Written for Rowloom; a list of public domain names.
 */
export const EMAIL_DOMAINS: readonly string[] = [
  'google.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'aol.com', 'icloud.com', 'gmx.de', 'web.de', 'mail.ru',
  'yandex.ru', 'qq.com', '163.com', 'sina.com.cn', 'naver.com', 'daum.net', 'rakuten.co.jp', 'yahoo.co.jp', 'orange.fr',
  'free.fr', 'laposte.net', 'libero.it', 'virgilio.it', 'tiscali.it', 'terra.com.br', 'uol.com.br', 'bigpond.com',
  'telstra.com', 'shaw.ca', 'rogers.com', 'comcast.net', 'verizon.net', 'att.net', 'cox.net', 'earthlink.net',
  'tumblr.com', 'wordpress.com', 'blogger.com', 'blogspot.com', 'livejournal.com', 'medium.com', 'seesaa.net',
  'fc2.com', 'hatena.ne.jp', 'about.me', 'github.io', 'github.com', 'gitlab.com', 'bitbucket.org', 'sourceforge.net',
  'stackoverflow.com', 'reddit.com', 'twitter.com', 'facebook.com', 'instagram.com', 'pinterest.com', 'linkedin.com',
  'flickr.com', 'vimeo.com', 'youtube.com', 'dailymotion.com', 'soundcloud.com', 'spotify.com', 'last.fm', 'imdb.com',
  'amazon.com', 'amazon.de', 'amazon.co.uk', 'ebay.com', 'ebay.co.uk', 'etsy.com', 'alibaba.com', 'walmart.com',
  'target.com', 'bestbuy.com', 'ikea.com', 'apple.com', 'microsoft.com', 'ibm.com', 'oracle.com', 'adobe.com',
  'cisco.com', 'intel.com', 'hp.com', 'dell.com', 'sony.com', 'samsung.com', 'nokia.com', 'siemens.com', 'bosch.de',
  '1und1.de', 't-online.de', 'spiegel.de', 'zeit.de', 'lemonde.fr', 'bbc.co.uk', 'theguardian.com', 'nytimes.com',
  'washingtonpost.com', 'wsj.com', 'reuters.com', 'bloomberg.com', 'cnn.com', 'forbes.com', 'time.com', 'npr.org',
  'usatoday.com', 'latimes.com', 'economist.com', 'nature.com', 'sciencedirect.com', 'springer.com', 'wiley.com',
  'mit.edu', 'stanford.edu', 'harvard.edu', 'berkeley.edu', 'upenn.edu', 'yale.edu', 'princeton.edu', 'columbia.edu',
  'cornell.edu', 'umich.edu', 'ucla.edu', 'utexas.edu', 'ox.ac.uk', 'cam.ac.uk', 'ethz.ch', 'u-tokyo.ac.jp',
  'who.int', 'un.org', 'europa.eu', 'nasa.gov', 'nih.gov', 'cdc.gov', 'usda.gov', 'noaa.gov', 'census.gov',
  'wikipedia.org', 'wikimedia.org', 'mozilla.org', 'apache.org', 'w3.org', 'archive.org', 'craigslist.org',
  'booking.com', 'tripadvisor.com', 'expedia.com', 'airbnb.com', 'uber.com', 'paypal.com', 'stripe.com', 'shopify.com',
  'squarespace.com', 'wix.com', 'weebly.com', 'godaddy.com', 'cloudflare.com', 'dropbox.com', 'box.com', 'slack.com',
  'zoom.us', 'skype.com', 'whatsapp.com', 'telegram.org', 'vk.com', 'ok.ru', 'weibo.com', 'baidu.com', 'taobao.com',
  'jd.com', 'tmall.com', 'sohu.com', 'ifeng.com', 'xinhuanet.com', 'google.cn', 'google.co.uk', 'google.de',
  'google.fr', 'google.it', 'google.es', 'google.ca', 'google.com.au', 'google.co.jp', 'google.ru', 'google.com.br',
];
