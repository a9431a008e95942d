define dllexport void @inrange(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x i1> @in_range(<16 x i32> %v2)
  %v4 = xor <16 x i1> %v3, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v5 = call <16 x i32> @pick(<16 x i1> %v4, <16 x i32> %v2)
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v5)
  ret void
}

define internal <16 x i1> @in_range(<16 x i32> %arg0) {
bb0:
  %v0 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> undef, i32 100, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v1 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v2 = icmp sge <16 x i32> %arg0, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v3 = icmp slt <16 x i32> %arg0, %v1
  %v4 = and <16 x i1> %v2, %v3
  ret <16 x i1> %v4
}

define internal <16 x i32> @pick(<16 x i1> %arg0, <16 x i32> %arg1) {
bb0:
  %v0 = select <16 x i1> %arg0, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <16 x i32> %arg1
  ret <16 x i32> %v0
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @inrange, !"inrange", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
