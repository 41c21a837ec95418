package poster

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
)

// jpegInfo is what a JPEG's segments before its image data say that
// image.DecodeConfig does not: how it is to be turned (EXIF orientation),
// and what decoding it holds per pixel: its samples (one a component,
// fewer for subsampled chroma: 1.5 for the usual 4:2:0) and, when it is
// progressive, the coefficients of every sample (4 bytes each, in Go's
// decoder) until the last scan.
type jpegInfo struct {
	orientation int
	progressive bool
	// samples is the number of samples a pixel has, over all components.
	samples float64
}

// bytesPerPixel is what image/jpeg holds per pixel while decoding: the
// picture (a byte a sample; CMYK pictures are converted, twice that) and
// a progressive picture's coefficients.
func (j jpegInfo) bytesPerPixel() float64 {
	if j.samples <= 0 {
		j.samples = 3 // no frame seen (image.DecodeConfig found one): the most of YCbCr
	}
	b := j.samples
	if j.samples > 3 {
		b *= 2
	}
	if j.progressive {
		b += 4 * j.samples
	}
	return b
}

var errNotJPEG = errors.New("poster: not a JPEG stream")

// readJPEGInfo walks the marker segments of a JPEG up to its first scan,
// reading the EXIF orientation from the first APP1 "Exif" segment (1 when
// there is none or it is not 1 to 8) and the kind of frame.
func readJPEGInfo(r *bufio.Reader) (jpegInfo, error) {
	info := jpegInfo{orientation: 1}
	var soi [2]byte
	if _, err := io.ReadFull(r, soi[:]); err != nil || soi != [2]byte{0xff, 0xd8} {
		return info, errNotJPEG
	}
	exifSeen := false
	for {
		// A marker: 0xff, any fill bytes 0xff, then its code.
		c, err := r.ReadByte()
		if err != nil {
			return info, err
		}
		if c != 0xff {
			return info, errNotJPEG
		}
		for c == 0xff {
			if c, err = r.ReadByte(); err != nil {
				return info, err
			}
		}
		switch {
		case c == 0xd9 || c == 0xda: // end of image, start of scan
			return info, nil
		case c == 0x01 || (c >= 0xd0 && c <= 0xd7): // no length
			continue
		}
		var length [2]byte
		if _, err := io.ReadFull(r, length[:]); err != nil {
			return info, err
		}
		n := int(binary.BigEndian.Uint16(length[:])) - 2
		if n < 0 {
			return info, errNotJPEG
		}
		switch {
		case c == 0xe1 && !exifSeen:
			payload := make([]byte, n)
			if _, err := io.ReadFull(r, payload); err != nil {
				return info, err
			}
			if tiff, ok := bytes.CutPrefix(payload, []byte("Exif\x00\x00")); ok {
				exifSeen = true
				info.orientation = exifOrientation(tiff)
			}
			continue
		case c >= 0xc0 && c <= 0xcf && c != 0xc4 && c != 0xc8 && c != 0xcc: // a frame
			frame := make([]byte, n)
			if _, err := io.ReadFull(r, frame); err != nil {
				return info, err
			}
			info.progressive = c == 0xc2 || c == 0xc6 || c == 0xca || c == 0xce
			if info.samples, err = frameSamples(frame); err != nil {
				return info, err
			}
			continue
		}
		if _, err := r.Discard(n); err != nil {
			return info, err
		}
	}
}

// frameSamples returns the samples a pixel has in the frame whose header
// (after its length) is frame: precision, height, width, the number of
// components, then each component's id, sampling factors and table.
func frameSamples(frame []byte) (float64, error) {
	if len(frame) < 6 {
		return 0, errNotJPEG
	}
	n := int(frame[5])
	if n < 1 || len(frame) < 6+3*n {
		return 0, errNotJPEG
	}
	var sum, maxH, maxV int
	for i := range n {
		hv := frame[6+3*i+1]
		h, v := int(hv>>4), int(hv&0x0f)
		if h < 1 || v < 1 {
			return 0, errNotJPEG
		}
		sum += h * v
		maxH, maxV = max(maxH, h), max(maxV, v)
	}
	return float64(sum) / float64(maxH*maxV), nil
}

// exifOrientation reads tag 0x0112 (Orientation, one SHORT) of the first
// IFD of a TIFF structure (an EXIF segment after "Exif\0\0"): 1 to 8, or
// 1 when it is missing, malformed or out of range.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 1
	}
	if order.Uint16(tiff[2:]) != 42 {
		return 1
	}
	ifd := int64(order.Uint32(tiff[4:]))
	if ifd < 8 || ifd+2 > int64(len(tiff)) {
		return 1
	}
	count := int64(order.Uint16(tiff[ifd:]))
	for i := range count {
		e := ifd + 2 + 12*i
		if e+12 > int64(len(tiff)) {
			return 1
		}
		if order.Uint16(tiff[e:]) != 0x0112 {
			continue
		}
		if order.Uint16(tiff[e+2:]) != 3 || order.Uint32(tiff[e+4:]) != 1 {
			return 1
		}
		if v := int(order.Uint16(tiff[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}
