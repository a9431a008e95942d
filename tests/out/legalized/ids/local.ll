define dllexport void @local(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <3 x i32> @llvm.genx.local.size.v3i32()
  %v2 = call <3 x i16> @llvm.genx.local.id16.v3i16()
  %v3 = call i32 @llvm.genx.rdregioni.i32.v3i32.i16(<3 x i32> %v1, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v4 = call i16 @llvm.genx.rdregioni.i16.v3i16.i16(<3 x i16> %v2, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v5 = zext i16 %v4 to i32
  %v6 = mul i32 %v0, %v3
  %v7 = add i32 %v6, %v5
  %v8 = shl i32 %v7, 1
  %v9 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v8)
  %v10 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %v7, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v11 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v10, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v12 = add <8 x i32> %v9, %v11
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v8, <8 x i32> %v12)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <3 x i16> @llvm.genx.local.id16.v3i16()
declare <3 x i32> @llvm.genx.local.size.v3i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare i16 @llvm.genx.rdregioni.i16.v3i16.i16(<3 x i16>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v3i32.i16(<3 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @local, !"local", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
